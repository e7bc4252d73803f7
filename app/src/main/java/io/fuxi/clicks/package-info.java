/**
 * Clicks: every redirect counted in memory without slowing it, aggregated off the request threads (people and bots
 * apart, unique visitors, referrer hosts, countries) and flushed in batches into per-link, per-day rows; the stats
 * calls read them. Owns click_day, click_total_day, click_total_hour and click_secret.
 */
package io.fuxi.clicks;
