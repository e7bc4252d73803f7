CREATE TABLE api_key (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name        VARCHAR(100) NOT NULL,
    secret_hash CHAR(64)     CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    role        VARCHAR(16)  NOT NULL,
    created_at  DATETIME(3)  NOT NULL,
    revoked_at  DATETIME(3)  NULL,
    UNIQUE KEY api_key_secret_hash (secret_hash)
) ENGINE = InnoDB;
