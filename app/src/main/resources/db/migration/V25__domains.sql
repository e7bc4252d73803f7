-- Short domains besides the default one (the host of fuxi.base-url), and where each sends the requests for its bare
-- root, for unknown codes and for links that do not answer (each NULL: what the default domain does).
CREATE TABLE domain (
    id            SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    host          VARCHAR(253)  CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
    root_url      VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_bin NULL,
    not_found_url VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_bin NULL,
    fallback_url  VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_bin NULL,
    created_at    DATETIME(3)   NOT NULL,
    UNIQUE KEY domain_host (host)
) ENGINE = InnoDB;

-- The domain a link answers on: 0 is the default domain. Codes stay unique over all domains. The index counts and
-- lists a domain's links. A node of the previous version ignores the column and would answer a bound link on every
-- host: upgrade every node before adding a domain.
ALTER TABLE link
    ADD COLUMN domain_id SMALLINT UNSIGNED NOT NULL DEFAULT 0,
    ADD INDEX link_domain (domain_id, created_at);

-- The domains a partner key may put links on, their hosts separated by spaces; NULL: every domain.
ALTER TABLE api_key
    ADD COLUMN domains VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_general_ci NULL;
