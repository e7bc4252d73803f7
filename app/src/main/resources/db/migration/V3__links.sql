-- Keyed by code, with no foreign keys and no joins on the hot paths, so that the table can move to a sharded
-- MySQL-compatible store later. Codes and URLs are ASCII (URLs are stored percent-encoded), compared byte by byte.
CREATE TABLE link (
    code         VARCHAR(20)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
    url          VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    owner_key_id BIGINT        NOT NULL,
    created_at   DATETIME(3)   NOT NULL,
    expires_at   DATETIME(3)   NOT NULL,
    KEY link_expires_at (expires_at),
    KEY link_owner_created (owner_key_id, created_at)
) ENGINE = InnoDB;
