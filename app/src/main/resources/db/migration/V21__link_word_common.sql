-- Words in more of a key's links than a search reads from the index (LinkSearch.FEW): no search of that key's links
-- is driven by them, so new links of the key get no index row for them (ADR 51). A search word that is one of them, or
-- begins one, reads the key's links newest first, as a word with that many rows always did.
CREATE TABLE link_word_common (
    owner_key_id BIGINT      NOT NULL,
    word         VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    found_at     DATETIME(3) NOT NULL,
    PRIMARY KEY (owner_key_id, word)
) ENGINE = InnoDB;
