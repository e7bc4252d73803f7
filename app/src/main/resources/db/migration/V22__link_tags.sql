-- Tags (up to 10 a link, each 1-40 characters of a-z, 0-9, '-' and '_'): the link's row keeps them for reading, in
-- the order given and separated by spaces (NULL for none), and link_tag indexes them as link_word indexes URL words:
-- keyed by owner, tag and creation, so that an owner's links with a tag are one range of the primary key, and with no
-- index by code (a link's rows are found from its stored tags). Both are written in the link's own transaction.
-- A node of the previous version neither reads nor writes them: upgrade every node before tags are used.
ALTER TABLE link ADD COLUMN tags VARCHAR(440) CHARACTER SET ascii COLLATE ascii_bin NULL;
CREATE TABLE link_tag (
    owner_key_id BIGINT      NOT NULL,
    tag          VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at   DATETIME(3) NOT NULL,
    code         VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    PRIMARY KEY (owner_key_id, tag, created_at, code)
) ENGINE = InnoDB;
