-- The search index loses its index by code (ADR 24): a link's words are removed by their primary key, which the
-- link's URL, owner and creation time give. Kept by code, every new word paid for an entry at a random place in that
-- index; under a sustained bulk load its pages left the buffer pool and each insert waited on reads.
ALTER TABLE link_word DROP KEY link_word_code;
