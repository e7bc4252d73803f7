package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CountryLookupTest {

    private final CountryLookup bundled = CountryLookup.open(Optional.empty());

    @Test
    void aPublicAddressHasItsCountry() {
        assertEquals("US", bundled.countryOf("8.8.8.8"));
        assertEquals("US", bundled.countryOf("2001:4860:4860::8888"));
        assertEquals("NL", bundled.countryOf("193.0.6.139"));
        assertEquals("AU", bundled.countryOf("202.12.29.205"));
        assertEquals("US", bundled.countryOf("8.8.8.8"), "asked again");
    }

    /** Only IP literals are looked up: a name would mean a DNS lookup on the aggregator's thread. */
    @Test
    void privateUnknownOrUnreadableAddressesHaveNone() {
        for (String address : Arrays.asList(
                null,
                "",
                "10.0.0.1",
                "172.16.0.1",
                "192.168.1.20",
                "::ffff:192.168.1.20",
                "127.0.0.1",
                "169.254.1.1",
                "::1",
                "fe80::1",
                "fd12:3456::1",
                "localhost",
                "dns.google",
                "not an address")) {
            assertNull(bundled.countryOf(address), address);
        }
    }

    @Test
    void anOperatorsDatabaseOfTheSameLayoutIsReadInstead(@TempDir Path dir) throws IOException {
        Path database = dir.resolve("countries.mmdb");
        try (InputStream in = CountryLookup.class.getResourceAsStream(CountryLookup.RESOURCE)) {
            Files.copy(in, database);
        }

        CountryLookup theirs = CountryLookup.open(Optional.of(database.toString()));

        assertEquals("US", theirs.countryOf("8.8.8.8"));
        assertNull(theirs.countryOf("10.0.0.1"));
    }

    /** A wrong fuxi.geoip.database fails when counting starts, with a plain reason, not click by click. */
    @Test
    void aMissingOrUnreadableDatabaseIsAnErrorAtOnce(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.mmdb");
        Path notADatabase = Files.writeString(dir.resolve("countries.mmdb"), "country_code\tUS\n");

        for (Path database : new Path[] {missing, notADatabase}) {
            UncheckedIOException error = assertThrows(
                    UncheckedIOException.class, () -> CountryLookup.open(Optional.of(database.toString())));
            assertEquals("cannot read the country database", error.getMessage(), database.toString());
        }
    }
}
