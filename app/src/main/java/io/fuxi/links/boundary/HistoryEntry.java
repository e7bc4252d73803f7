package io.fuxi.links.boundary;

import jakarta.json.JsonObject;
import java.time.Instant;

/**
 * One recorded change of a link.
 *
 * @param actor  who made it: {@code key:<id>} or {@code account:<name>}
 * @param action created, changed, disabled, enabled or deleted
 * @param before the fields it changed, as they were (empty for a create)
 * @param after  the same fields as they became (empty for a delete)
 */
public record HistoryEntry(Instant at, String actor, String action, JsonObject before, JsonObject after) {}
