package io.fuxi.links.control;

import io.fuxi.platform.rest.Jsons;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a CSV of links to import, one link a line: {@code url[,alias][,expiresAt][,tags]} (RFC 4180 quoting; tags
 * separated by '|' or spaces; an optional first line naming the columns; blank lines skipped). Each line becomes the
 * JSON item a bulk create takes, so the import is checked by exactly the API's rules; a line with more than four
 * cells becomes an item the bulk create refuses with a problem of its own.
 */
public final class CsvLinkRows {

    private static final String[] COLUMNS = {"url", "alias", "expiresAt", "tags"};

    private CsvLinkRows() {}

    /** Every line's item, in order; at most {@code limit} lines (more: an IllegalArgumentException naming the limit). */
    public static List<JsonValue> read(BufferedReader csv, int limit) throws IOException {
        List<JsonValue> items = new ArrayList<>();
        boolean first = true;
        for (List<String> cells = cells(csv); cells != null; cells = cells(csv)) {
            if (cells.size() == 1 && cells.get(0).isBlank()) {
                continue;
            }
            if (first && cells.get(0).strip().equalsIgnoreCase("url")) {
                first = false;
                continue;
            }
            first = false;
            if (items.size() == limit) {
                throw new IllegalArgumentException("a file may hold at most " + limit + " links");
            }
            items.add(item(cells));
        }
        return items;
    }

    private static JsonValue item(List<String> cells) {
        JsonObjectBuilder item = Jsons.object();
        for (int i = 0; i < cells.size(); i++) {
            String value = cells.get(i).strip();
            String name = i < COLUMNS.length ? COLUMNS[i] : "column" + (i + 1);
            if (name.equals("tags")) {
                item.add(
                        name,
                        Jsons.array(Arrays.stream(value.split("[|\\s]+"))
                                .filter(tag -> !tag.isEmpty())
                                .toList()));
            } else if (!value.isEmpty() || i == 0) {
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
