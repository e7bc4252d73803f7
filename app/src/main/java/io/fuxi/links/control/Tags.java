package io.fuxi.links.control;

import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonArray;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A link's tags: at most {@link #MOST} distinct ones, each 1 to {@link #LONGEST} characters of a-z, 0-9, '-' and '_',
 * lower-cased and in the order given. Stored in the link's row separated by spaces, and indexed by {@code link_tag}.
 */
public record Tags(List<String> values) {

    public static final int MOST = 10;
    public static final int LONGEST = 40;
    public static final Tags NONE = new Tags(List.of());

    private static final Pattern TAG = Pattern.compile("[a-z0-9_-]{1," + LONGEST + "}");

    public Tags {
        values = List.copyOf(values);
    }

    /** The tags of a JSON array, as a request's {@code field} sends them. */
    public static Tags from(JsonValue value, String field) {
        if (value.getValueType() != JsonValue.ValueType.ARRAY) {
            throw new InvalidFieldException(field, field + " must be an array of tags");
        }
        List<String> tags = new ArrayList<>();
        for (JsonValue item : value.asJsonArray()) {
            if (item.getValueType() != JsonValue.ValueType.STRING) {
                throw new InvalidFieldException(field, field + " must be an array of tags (strings)");
            }
            tags.add(((JsonString) item).getString());
        }
        return of(tags, field);
    }

    /** Tags as text gives them: each checked and lower-cased, duplicates dropped, at most {@link #MOST}. */
    public static Tags of(Collection<String> given, String field) {
        Set<String> tags = new LinkedHashSet<>();
        for (String tag : given) {
            tags.add(checked(tag, field));
        }
        return limited(tags, field);
    }

    /** One tag, lower-cased, or the problem of {@code field}. */
    public static String checked(String tag, String field) {
        String lower = tag == null ? "" : tag.toLowerCase(Locale.ROOT);
        if (!TAG.matcher(lower).matches()) {
            throw new InvalidFieldException(field, "a tag is 1 to " + LONGEST + " characters of a-z, 0-9, '-' and '_'");
        }
        return lower;
    }

    /** The tags of a link's row: null for none. */
    public static Tags stored(String column) {
        return column == null || column.isEmpty() ? NONE : new Tags(List.of(column.split(" ")));
    }

    /** As the link's row keeps them: null for none. */
    public String column() {
        return values.isEmpty() ? null : String.join(" ", values);
    }

    /** These and then {@code more}, or the problem of {@code field} when that makes more than {@link #MOST}. */
    public Tags plus(Tags more, String field) {
        Set<String> tags = new LinkedHashSet<>(values);
        tags.addAll(more.values);
        return limited(tags, field);
    }

    public Tags minus(Tags gone) {
        return new Tags(
                values.stream().filter(tag -> !gone.values.contains(tag)).toList());
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    public JsonArray json() {
        return Jsons.array(values).build();
    }

    private static Tags limited(Set<String> tags, String field) {
        if (tags.size() > MOST) {
            throw new InvalidFieldException(field, "a link has at most " + MOST + " tags");
        }
        return new Tags(List.copyOf(tags));
    }
}
