-- Who finished a job's last run and how many items it handled (links purged, for the expiry purge), for every node's
-- console to show; the census of links (links component) is a job of its own.
ALTER TABLE job_lease
    ADD COLUMN last_finished_by VARCHAR(200) NULL,
    ADD COLUMN last_items       BIGINT       NULL;
