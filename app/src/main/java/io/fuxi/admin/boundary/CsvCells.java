package io.fuxi.admin.boundary;

/**
 * Cells of the console's CSV files (RFC 4180): quoted when they hold a comma, a quote or a line break; and a cell a
 * spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) starts with a quote
 * mark, so that opening an export never runs what a partner wrote.
 */
final class CsvCells {

    private CsvCells() {}

    static String line(Object... cells) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(cell(cells[i] == null ? "" : cells[i].toString()));
        }
        return line.append("\r\n").toString();
    }

    static String cell(String text) {
        String safe = !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
        if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
            return '"' + safe.replace("\"", "\"\"") + '"';
        }
        return safe;
    }
}
