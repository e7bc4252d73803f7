-- A link may ask for a password before it redirects: password_hash holds it salted and hashed (PBKDF2, the console's
-- parameters; the hash names its algorithm), NULL for a link without one. A node of the previous version ignores the
-- column and would redirect a protected link without asking: upgrade every node before setting a password.
ALTER TABLE link
    ADD COLUMN password_hash VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NULL;

-- The secret that signs the cookie a right password sets, so that any node accepts it (written once, by the first
-- node that needs it).
CREATE TABLE link_password_secret (
    id     TINYINT    NOT NULL PRIMARY KEY,
    secret BINARY(32) NOT NULL
) ENGINE = InnoDB;
