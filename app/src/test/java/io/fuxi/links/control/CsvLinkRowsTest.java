package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvLinkRowsTest {

    private static List<String> read(String csv) throws IOException {
        return CsvLinkRows.read(new BufferedReader(new StringReader(csv)), 10).stream()
                .map(Object::toString)
                .toList();
    }

    @Test
    void eachLineIsABulkItemAndTheHeaderAndBlankLinesAreSkipped() throws IOException {
        assertEquals(
                List.of(
                        "{\"url\":\"https://example.com/a\"}",
                        "{\"url\":\"https://example.com/b\",\"alias\":\"b-link\"}",
                        "{\"url\":\"https://example.com/c\",\"expiresAt\":\"2030-01-01T00:00:00Z\"}"),
                read("url,alias,expiresAt\r\nhttps://example.com/a\r\n\r\nhttps://example.com/b,b-link\n"
                        + "https://example.com/c,,2030-01-01T00:00:00Z"));
    }

    @Test
    void quotedCellsKeepCommasQuotesAndLineBreaks() throws IOException {
        assertEquals(
                List.of("{\"url\":\"https://example.com/?a=1,2&q=\\\"x\\\"\\nnext\"}"),
                read("\"https://example.com/?a=1,2&q=\"\"x\"\"\nnext\"\n"));
    }

    @Test
    void theFourthCellHoldsTagsSeparatedByBarsOrSpaces() throws IOException {
        assertEquals(
                List.of(
                        "{\"url\":\"https://example.com/a\",\"tags\":[\"sale\",\"Spring\",\"x\"]}",
                        "{\"url\":\"https://example.com/b\",\"tags\":[]}"),
                read("https://example.com/a,,,sale| Spring x\nhttps://example.com/b,,,\n"));
    }

    @Test
    void aFirstLineNamingColumnsSaysWhatEachHoldsAndTheExportsOwnAreLeftOut() throws IOException {
        assertEquals(
                List.of(
                        "{\"url\":\"https://example.com/a\",\"tags\":[\"x\"],\"maxVisits\":5,\"fallbackUrl\":\"https://example.com/f\",\"forwardQuery\":false}",
                        "{\"url\":\"https://example.com/b\",\"tags\":[],\"maxVisits\":\"many\",\"surprise\":\"yes\"}"),
                read("code,short_url,url,key,tags,max_visits,fallback_url,forwardQuery,surprise\n"
                        + "abc123,https://s.example/abc123,https://example.com/a,7,x,5,https://example.com/f,false,\n"
                        + "def456,,https://example.com/b,7,,many,,,yes\n"));
    }

    @Test
    void extraCellsAreNamedSoTheBulkCreateRefusesThatLineAlone() throws IOException {
        assertEquals(
                List.of(
                        "{\"url\":\"https://example.com/a\",\"alias\":\"x-y\",\"expiresAt\":\"2030-01-01T00:00:00Z\",\"tags\":[\"t\"],\"column5\":\"surplus\"}"),
                read("https://example.com/a,x-y,2030-01-01T00:00:00Z,t,surplus"));
    }

    @Test
    void moreLinesThanTheLimitAreRefused() {
        String eleven = "https://example.com/x\n".repeat(11);
        assertThrows(IllegalArgumentException.class, () -> read(eleven));
    }
}
