-- A link may start later (valid_since), stop after a number of visits by people (max_visits, with visits counting
-- them; only limited links count there, one UPDATE a visit that admits it while visits < max_visits, so a limit holds
-- across nodes), and send the visitors of a link that is not answering (disabled, expired, over its limit, not yet
-- valid) to another URL instead of an error page (fallback_url). All NULL for a link without them: such a link reads
-- and redirects as before. A node of the previous version ignores these columns: upgrade every node before using them.
ALTER TABLE link
    ADD COLUMN valid_since  DATETIME(3)   NULL,
    ADD COLUMN max_visits   INT           NULL,
    ADD COLUMN visits       INT           NOT NULL DEFAULT 0,
    ADD COLUMN fallback_url VARCHAR(2048) CHARACTER SET ascii COLLATE ascii_bin NULL;
