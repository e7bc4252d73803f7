package io.fuxi.links.control;

import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a CSV of links to import, one link a line: {@code url[,alias][,expiresAt][,tags]} (RFC 4180 quoting; tags
 * separated by '|' or spaces; blank lines skipped), or any columns a first line names: a first line with a cell {@code
 * url} names the columns, each a field of a create ({@code url, alias, expiresAt, tags, validSince, maxVisits,
 * fallbackUrl, redirectStatus, forwardQuery, domain}, also in snake_case as the console's export writes them). The export's
 * other columns ({@code code, short_url, key, created_at, enabled, visits_left, password_protected}) are left out, so that an export can be
 * imported again. Each line becomes the JSON item a bulk create takes, so the import is checked by exactly the API's
 * rules; a cell of no known column becomes a field the bulk create refuses, for its line alone.
 */
public final class CsvLinkRows {

    private static final List<String> POSITIONS = List.of("url", "alias", "expiresAt", "tags");

    private static final List<String> FIELDS = List.of(
            "url",
            "alias",
            "expiresAt",
            "tags",
            "validSince",
            "maxVisits",
            "fallbackUrl",
            "redirectStatus",
            "forwardQuery",
            "domain");

    /** What the console's export writes besides the fields of a create. */
    private static final Set<String> EXPORTED_ONLY =
            Set.of("code", "shorturl", "key", "createdat", "enabled", "visitsleft", "passwordprotected");

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]{1,9}");

    private CsvLinkRows() {}

    /** Every line's item, in order; at most {@code limit} lines (more: an IllegalArgumentException naming the limit). */
    public static List<JsonValue> read(BufferedReader csv, int limit) throws IOException {
        List<JsonValue> items = new ArrayList<>();
        List<String> columns = null;
        for (List<String> cells = cells(csv); cells != null; cells = cells(csv)) {
            if (cells.size() == 1 && cells.get(0).isBlank()) {
                continue;
            }
            if (columns == null) {
                boolean header = isHeader(cells);
                columns = header ? named(cells) : POSITIONS;
                if (header) {
                    continue;
                }
            }
            if (items.size() == limit) {
                throw new IllegalArgumentException("a file may hold at most " + limit + " links");
            }
            items.add(item(columns, cells));
        }
        return items;
    }

    private static boolean isHeader(List<String> cells) {
        return cells.stream().anyMatch(cell -> cell.strip().equalsIgnoreCase("url"));
    }

    /** The field each named column holds: null for a column of the export's own, to leave out. */
    private static List<String> named(List<String> header) {
        List<String> columns = new ArrayList<>();
        for (String cell : header) {
            String name = cell.strip();
            String key = name.replace("_", "").toLowerCase(Locale.ROOT);
            columns.add(
                    EXPORTED_ONLY.contains(key)
                            ? null
                            : FIELDS.stream()
                                    .filter(field ->
                                            field.toLowerCase(Locale.ROOT).equals(key))
                                    .findFirst()
                                    .orElse(name));
        }
        return columns;
    }

    private static JsonValue item(List<String> columns, List<String> cells) {
        JsonObjectBuilder item = Jsons.object();
        for (int i = 0; i < cells.size(); i++) {
            String value = cells.get(i).strip();
            String name = i < columns.size() ? columns.get(i) : "column" + (i + 1);
            if (name == null) {
                continue;
            }
            if (name.equals("tags")) {
                item.add(
                        name,
                        Jsons.array(Arrays.stream(value.split("[|\\s]+"))
                                .filter(tag -> !tag.isEmpty())
                                .toList()));
            } else if (value.isEmpty() && !name.equals("url")) {
                continue; // an empty cell: the field's default
            } else if ((name.equals("maxVisits") || name.equals("redirectStatus"))
                    && WHOLE_NUMBER.matcher(value).matches()) {
                item.add(name, Integer.parseInt(value));
            } else if (name.equals("forwardQuery") && (value.equals("true") || value.equals("false"))) {
                item.add(name, Boolean.parseBoolean(value));
            } else {
                item.add(name, value);
            }
        }
        return item.build();
    }

    /** The cells of the next record (a quoted cell may span lines), or null at the end. */
    static List<String> cells(BufferedReader csv) throws IOException {
        int c = csv.read();
        if (c < 0) {
            return null;
        }
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        while (c >= 0) {
            if (quoted) {
                if (c == '"') {
                    csv.mark(1);
                    int next = csv.read();
                    if (next == '"') {
                        cell.append('"');
                    } else {
                        quoted = false;
                        csv.reset();
                    }
                } else {
                    cell.append((char) c);
                }
            } else if (c == '"' && cell.isEmpty()) {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                break;
            } else if (c != '\r') {
                cell.append((char) c);
            }
            c = csv.read();
        }
        cells.add(cell.toString());
        return cells;
    }
}
