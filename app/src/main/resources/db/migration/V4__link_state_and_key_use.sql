-- Partner API: links can be disabled and carry their own redirect status (NULL: the configured default);
-- url_hash (the first 16 bytes of SHA-256 of the stored URL) finds "the same URL from the same key" by index.
ALTER TABLE link
    ADD COLUMN enabled         BOOLEAN    NOT NULL DEFAULT TRUE,
    ADD COLUMN redirect_status SMALLINT   NULL,
    ADD COLUMN url_hash        BINARY(16) NULL;

UPDATE link SET url_hash = UNHEX(LEFT(SHA2(url, 256), 32));

ALTER TABLE link
    MODIFY COLUMN url_hash BINARY(16) NOT NULL,
    ADD KEY link_owner_url (owner_key_id, url_hash, created_at);

ALTER TABLE api_key ADD COLUMN last_used_at DATETIME(3) NULL;
