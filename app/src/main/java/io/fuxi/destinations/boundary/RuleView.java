package io.fuxi.destinations.boundary;

import io.fuxi.destinations.entity.DestinationRule;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.Serializable;
import java.time.Instant;
import java.util.Locale;

/** A destination rule as admins see it: plain data, never the managed entity. */
public record RuleView(long id, String host, DestinationRule.Kind kind, String note, Instant createdAt)
        implements Serializable {

    static RuleView of(DestinationRule rule) {
        return new RuleView(rule.id(), rule.host(), rule.kind(), rule.note(), rule.createdAt());
    }

    public JsonObject toJson() {
        JsonObjectBuilder json = Jsons.object()
                .add("id", id)
                .add("host", host)
                .add("kind", kind.name().toLowerCase(Locale.ROOT))
                .add("createdAt", createdAt.toString());
        if (note == null) {
            json.addNull("note");
        } else {
            json.add("note", note);
        }
        return json.build();
    }
}
