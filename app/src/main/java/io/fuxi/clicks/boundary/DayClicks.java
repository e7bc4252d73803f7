package io.fuxi.clicks.boundary;

import java.time.LocalDate;

/** One UTC day's clicks of some links, by people and by bots. */
public record DayClicks(LocalDate date, long clicks, long botClicks) {}
