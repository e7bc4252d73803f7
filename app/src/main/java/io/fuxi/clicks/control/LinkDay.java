package io.fuxi.clicks.control;

import java.time.LocalDate;

/** A link's code and a UTC day, as an epoch day: what a click row is kept by. */
public record LinkDay(String code, int day) implements Comparable<LinkDay> {

    public LocalDate date() {
        return LocalDate.ofEpochDay(day);
    }

    @Override
    public int compareTo(LinkDay other) {
        int byDay = Integer.compare(day, other.day);
        return byDay != 0 ? byDay : code.compareTo(other.code);
    }
}
