package io.fuxi.clicks.boundary;

/** This node's click counting since its start: clicks aggregated, clicks dropped, link-days waiting for a flush. */
public record ClickCounts(long counted, long dropped, int pendingLinkDays) {}
