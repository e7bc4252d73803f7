-- The search index of link URLs: one row per distinct word of a link's URL (see UrlWords), kept with the link in
-- the same transaction. The primary key answers "this owner's links with a word starting so, newest first" by a
-- range scan; link_word_code finds a link's words when it changes or goes. Existing links are indexed by V9.
CREATE TABLE link_word (
    owner_key_id BIGINT      NOT NULL,
    word         VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at   DATETIME(3) NOT NULL,
    code         VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    PRIMARY KEY (owner_key_id, word, created_at, code),
    KEY link_word_code (code)
) ENGINE = InnoDB;
