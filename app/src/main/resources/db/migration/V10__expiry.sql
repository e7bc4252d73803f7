-- Leases of cluster-wide jobs: a node may run the job while it holds the row's lease, renewed in every transaction
-- of the job (which also locks the row), and taken over by another node once it has expired, so that a node that
-- dies mid-run blocks the next run for one lease at most. Times are the database's, which every node shares.
CREATE TABLE job_lease (
    name             VARCHAR(40)  CHARACTER SET ascii NOT NULL PRIMARY KEY,
    holder           VARCHAR(200) NULL,
    expires_at       DATETIME(3)  NOT NULL,
    last_finished_at DATETIME(3)  NULL
) ENGINE = InnoDB;

INSERT INTO job_lease (name, holder, expires_at) VALUES ('expiry-purge', NULL, '1970-01-01 00:00:00');

-- Codes of purged links, held until no cache anywhere can still serve the old link, then appended to code_pool
-- (and deleted from here) in one transaction. The key makes holding a code twice impossible.
CREATE TABLE recycled_code (
    code      CHAR(6)     CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
    purged_at DATETIME(3) NOT NULL,
    KEY recycled_code_purged_at (purged_at)
) ENGINE = InnoDB;
