-- Destination safety: hosts (and their subdomains) that links may not lead to, or, in allow-list mode, the only
-- hosts they may lead to.
CREATE TABLE destination_rule (
    id         BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    host       VARCHAR(253) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
    kind       VARCHAR(8)   NOT NULL,
    note       VARCHAR(200) NULL,
    created_at DATETIME(3)  NOT NULL,
    UNIQUE KEY destination_rule_host_kind (host, kind)
) ENGINE = InnoDB;

CREATE TABLE destination_mode (
    id         TINYINT     NOT NULL PRIMARY KEY,
    allow_list BOOLEAN     NOT NULL
) ENGINE = InnoDB;

INSERT INTO destination_mode (id, allow_list) VALUES (1, FALSE);
