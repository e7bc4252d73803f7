package io.fuxi.domains.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class DomainSetTest {

    private record Named(int id, String host) {}

    private static final Named DEFAULT = new Named(0, "fuxi.example");
    private static final Named SHOP = new Named(3, "go.shop.example");
    private final DomainSet<Named> domains = new DomainSet<>(DEFAULT, List.of(SHOP), Named::host, Named::id);

    @Test
    void aRequestsHostFindsItsDomainInAnyCaseAndWithATrailingDot() {
        assertEquals(SHOP, domains.forRequestHost("go.shop.example"));
        assertEquals(SHOP, domains.forRequestHost("GO.Shop.Example"));
        assertEquals(SHOP, domains.forRequestHost("go.shop.example."));
    }

    @Test
    void aHostThatIsNoDomainIsTheDefaultDomains() {
        assertEquals(DEFAULT, domains.forRequestHost("fuxi.example"));
        assertEquals(DEFAULT, domains.forRequestHost("127.0.0.1"));
        assertEquals(DEFAULT, domains.forRequestHost("shop.example"), "not a parent of a domain");
        assertEquals(DEFAULT, domains.forRequestHost(null));
        assertEquals(DEFAULT, new DomainSet<>(DEFAULT, List.of(), Named::host, Named::id).forRequestHost("go.x"));
    }

    @Test
    void idsFindTheirDomainAndAnIdNoDomainHasIsTheDefault() {
        assertEquals(SHOP, domains.byId(3));
        assertEquals(DEFAULT, domains.byId(0));
        assertEquals(DEFAULT, domains.byId(9));
    }

    @Test
    void onlyConfiguredHostsAreConfigured() {
        assertEquals(SHOP, domains.configured("go.shop.example"));
        assertNull(domains.configured("fuxi.example"), "the default domain is not one of the others");
        assertEquals(List.of(SHOP), domains.others());
    }
}
