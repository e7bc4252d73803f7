package io.fuxi.clicks.control;

import com.maxmind.db.CHMCache;
import com.maxmind.db.Reader;
import io.fuxi.platform.web.ClientAddress;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The country of a client address, from a MaxMind DB file with a {@code country_code} per network: by default the
 * CC0 geo-whois-asn-country database of ip-location-db (from npm, packed into the WAR at build time); fuxi.geoip.database
 * may name another file with the same field (a country or city database of the same layout). Answers are remembered
 * for {@value #CACHE_SIZE} addresses. Not thread-safe: the aggregator's one thread uses it.
 */
public final class CountryLookup {

    static final String RESOURCE = "/io/fuxi/clicks/geo-whois-asn-country.mmdb";
    static final int CACHE_SIZE = 10_000;
    private static final Pattern COUNTRY_CODE = Pattern.compile("[A-Z]{2}");
    private static final String UNKNOWN = "";

    private final Reader reader;
    private final Map<String, String> answers = new HashMap<>();

    private CountryLookup(Reader reader) {
        this.reader = reader;
    }

    /** The operator's file if one is named, else the bundled database. */
    public static CountryLookup open(Optional<String> database) {
        try {
            if (database.isPresent()) {
                return new CountryLookup(new Reader(new File(database.get()), new CHMCache()));
            }
            try (InputStream in = CountryLookup.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing: the build packs it from npm");
                }
                return new CountryLookup(new Reader(in, new CHMCache()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the country database", e);
        }
    }

    /** The two-letter country code (ISO 3166-1), or null for a private, unknown or unreadable address. */
    public String countryOf(String address) {
        if (address == null) {
            return null;
        }
        String known = answers.get(address);
        if (known == null) {
            known = lookUp(address);
            if (answers.size() >= CACHE_SIZE) {
                answers.clear();
            }
            answers.put(address, known);
        }
        return known.equals(UNKNOWN) ? null : known;
    }

    private static boolean isPrivate(InetAddress address) {
        return address.isSiteLocalAddress()
                || address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isAnyLocalAddress();
    }

    private String lookUp(String address) {
        Optional<InetAddress> literal = ClientAddress.literal(address);
        if (literal.isEmpty() || isPrivate(literal.get())) {
            return UNKNOWN; // the bundled database maps some private ranges to the country of their registry
        }
        try {
            Map<?, ?> record = reader.get(literal.get(), Map.class);
            Object code = record == null ? null : record.get("country_code");
            if (code == null && record != null && record.get("country") instanceof Map<?, ?> country) {
                code = country.get("iso_code"); // the layout of MaxMind's own country databases
            }
            return code instanceof String text && COUNTRY_CODE.matcher(text).matches() ? text : UNKNOWN;
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }
}
