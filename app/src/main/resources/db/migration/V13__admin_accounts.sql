-- Accounts of the admin console. The password is kept only as a slow salted hash (PBKDF2, its algorithm, iterations,
-- salt and hash in one string, so the parameters can be raised later without a migration). The unique name lets two
-- nodes starting for the first time together create exactly one first account.
CREATE TABLE admin_account (
    id            BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    username      VARCHAR(64)  CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
    password_hash VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    role          VARCHAR(16)  CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at    DATETIME(3)  NOT NULL,
    last_login_at DATETIME(3)  NULL,
    UNIQUE KEY admin_account_username (username)
) ENGINE = InnoDB;
