package io.fuxi.clicks.boundary;

import java.time.Instant;

/** One UTC hour (its start) across all links: links created, clicks by people and by bots. */
public record HourTotal(Instant hour, long linksCreated, long clicks, long botClicks) {}
