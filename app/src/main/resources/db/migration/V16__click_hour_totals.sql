-- Totals per UTC hour across all links (the hour's start), for the dashboard's last 24 hours; written by each node's
-- click flush into its own slot, like click_total_day, and kept five weeks.
CREATE TABLE click_total_hour (
    hour          DATETIME         NOT NULL,
    slot          TINYINT UNSIGNED NOT NULL,
    links_created BIGINT           NOT NULL,
    clicks        BIGINT           NOT NULL,
    bot_clicks    BIGINT           NOT NULL,
    PRIMARY KEY (hour, slot)
) ENGINE = InnoDB;
