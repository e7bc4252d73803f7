-- Who made a link (an API key or a console account, as link_history's actor) is kept in the link's row, and a new
-- link no longer gets a 'created' row in link_history (ADR 36): its history shows the creation from this column, with
-- the fields it was made with worked back from the changes recorded since. That row was one of a link's three rows
-- and three of its thirteen index entries. Links made before keep their 'created' rows and have no value here.
ALTER TABLE link ADD COLUMN created_by VARCHAR(80) CHARACTER SET ascii COLLATE ascii_bin NULL;
