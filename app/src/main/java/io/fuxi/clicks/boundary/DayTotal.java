package io.fuxi.clicks.boundary;

import java.time.LocalDate;

/** One UTC day across all links: links created, clicks by people and by bots. */
public record DayTotal(LocalDate date, long linksCreated, long clicks, long botClicks) {}
