-- Every create, change, disable, enable and delete of a link: who (an API key or a console account), when, and the
-- fields before and after (JSON, only the fields that changed), written in the change's own transaction. A code's
-- rows belong to the link created at link_created_at, so a later link with the same code never shows an earlier
-- one's history. A purged link's rows go with it; a deleted link's rows stay for fuxi.links.history-retention-days.
CREATE TABLE link_history (
    id              BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
    code            VARCHAR(20)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    link_created_at DATETIME(3)   NOT NULL,
    at              DATETIME(3)   NOT NULL,
    actor           VARCHAR(80)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    action          VARCHAR(16)   CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    before_fields   TEXT          CHARACTER SET ascii COLLATE ascii_bin NULL,
    after_fields    TEXT          CHARACTER SET ascii COLLATE ascii_bin NULL,
    KEY link_history_code (code, link_created_at, id),
    KEY link_history_deleted (action, at)
) ENGINE = InnoDB;
