-- Whether a link passes the query string of its short URL on to its target: NULL follows the configured default
-- (fuxi.redirect.forward-query), TRUE and FALSE are the link's own choice.
ALTER TABLE link ADD COLUMN forward_query BOOLEAN NULL;
