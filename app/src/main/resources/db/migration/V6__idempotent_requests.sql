-- POST calls with an Idempotency-Key: the first answer, kept for retries (24 hours). status is NULL while the
-- first request is still running.
CREATE TABLE idempotent_request (
    api_key_id      BIGINT        NOT NULL,
    idempotency_key VARCHAR(255)  CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    fingerprint     BINARY(32)    NOT NULL,
    status          SMALLINT      NULL,
    location        VARCHAR(512)  CHARACTER SET ascii NULL,
    body            MEDIUMTEXT    NULL,
    created_at      DATETIME(3)   NOT NULL,
    PRIMARY KEY (api_key_id, idempotency_key),
    KEY idempotent_request_created (created_at)
) ENGINE = InnoDB;
