-- The console lists all links in creation order, a page at a time; without this index every first page would sort
-- the whole table.
ALTER TABLE link ADD KEY link_created (created_at, code);
