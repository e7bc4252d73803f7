-- The code pool: pre-shuffled codes keyed by a dense sequence number; link number k gets the code in row k.
-- No unique index on code: codes are distinct by construction (a keyed permutation), and a recycled code is
-- appended again under a new seq while its old row stays behind.
CREATE TABLE code_pool (
    seq  BIGINT  NOT NULL PRIMARY KEY,
    code CHAR(6) CHARACTER SET ascii COLLATE ascii_bin NOT NULL
) ENGINE = InnoDB;

-- One row of counters, locked briefly when a node reserves a block.
CREATE TABLE code_pool_state (
    id              TINYINT    NOT NULL PRIMARY KEY,
    permutation_key BINARY(16) NOT NULL,
    next_index      BIGINT     NOT NULL,
    next_seq        BIGINT     NOT NULL,
    loaded_seq      BIGINT     NOT NULL
) ENGINE = InnoDB;

CREATE TABLE code_batch (
    id          BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
    first_seq   BIGINT      NOT NULL,
    first_index BIGINT      NOT NULL,
    size        BIGINT      NOT NULL,
    loaded      BIGINT      NOT NULL,
    created_at  DATETIME(3) NOT NULL,
    finished_at DATETIME(3) NULL
) ENGINE = InnoDB;
