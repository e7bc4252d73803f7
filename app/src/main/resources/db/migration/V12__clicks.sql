-- Clicks per link and UTC day, written in batches by each node's flush. A node writes its own slot (picked at random
-- when it starts), so nodes rarely wait on each other's rows and never on a hot link's one row. Clicks by people and
-- by bots are kept apart; visitors is an UltraLogLog sketch of the day's distinct visitors (a hash of the client
-- address and User-Agent under a salt that changes every day, never the address itself); referrers and countries
-- are short bounded lists of "key<TAB>count" lines. Rows are keyed by code: a code's rows from before its link's
-- creation day (a recycled code) are never read.
CREATE TABLE click_day (
    code       VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    day        DATE             NOT NULL,
    slot       TINYINT UNSIGNED NOT NULL,
    clicks     BIGINT           NOT NULL,
    bot_clicks BIGINT           NOT NULL,
    visitors   BLOB             NOT NULL,
    referrers  BLOB             NOT NULL,
    countries  BLOB             NOT NULL,
    PRIMARY KEY (code, day, slot)
) ENGINE = InnoDB;

-- Totals per UTC day across all links, kept when links are purged: the console's dashboard reads these.
CREATE TABLE click_total_day (
    day           DATE             NOT NULL,
    slot          TINYINT UNSIGNED NOT NULL,
    links_created BIGINT           NOT NULL,
    clicks        BIGINT           NOT NULL,
    bot_clicks    BIGINT           NOT NULL,
    PRIMARY KEY (day, slot)
) ENGINE = InnoDB;

-- The secret every node derives the day's visitor salt from (written once, by the first node to start).
CREATE TABLE click_secret (
    id     TINYINT    NOT NULL PRIMARY KEY,
    secret BINARY(32) NOT NULL
) ENGINE = InnoDB;
