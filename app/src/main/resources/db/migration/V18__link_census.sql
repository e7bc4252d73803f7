-- The last count of links by state, for the dashboard: counting ten million rows takes seconds, so one node counts
-- every few minutes (under the job lease 'link-census') and every node reads the row.
CREATE TABLE link_census (
    id          TINYINT     NOT NULL PRIMARY KEY,
    live        BIGINT      NOT NULL,
    disabled    BIGINT      NOT NULL,
    expired     BIGINT      NOT NULL,
    counted_at  DATETIME(3) NULL,
    took_millis BIGINT      NOT NULL
) ENGINE = InnoDB;

INSERT INTO link_census (id, live, disabled, expired, counted_at, took_millis) VALUES (1, 0, 0, 0, NULL, 0);
INSERT INTO job_lease (name, holder, expires_at) VALUES ('link-census', NULL, '1970-01-01 00:00:00');
