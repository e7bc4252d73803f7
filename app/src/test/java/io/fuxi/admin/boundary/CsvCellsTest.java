package io.fuxi.admin.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CsvCellsTest {

    @Test
    void plainCellsStayAsTheyAre() {
        assertEquals(
                "abc123,https://example.com/a?b=1,,true\r\n",
                CsvCells.line("abc123", "https://example.com/a?b=1", null, true));
    }

    @Test
    void commasQuotesAndLineBreaksAreQuoted() {
        assertEquals("\"a,b\"", CsvCells.cell("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", CsvCells.cell("say \"hi\""));
        assertEquals("\"two\nlines\"", CsvCells.cell("two\nlines"));
    }

    @Test
    void whatASpreadsheetWouldRunIsMadeText() {
        assertEquals("'=HYPERLINK(1)", CsvCells.cell("=HYPERLINK(1)"));
        assertEquals("'-abc", CsvCells.cell("-abc"));
        assertEquals("'@sum", CsvCells.cell("@sum"));
        assertEquals("\"'+1,2\"", CsvCells.cell("+1,2"));
    }
}
