package io.fuxi.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HostNameTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "example.com|example.com",
                "Example.COM|example.com",
                "evil.example.|evil.example",
                "EVIL.Example.|evil.example",
                "bücher.example|xn--bcher-kva.example",
                "BÜCHER.example.|xn--bcher-kva.example",
                "ｅｖｉｌ.example|evil.example",
                "evil。example|evil.example",
                "a.b1|a.b1",
                "example.0x1g|example.0x1g",
                "93.184.216.34|93.184.216.34",
                "93.184.216.34.|93.184.216.34",
                "1572395042|93.184.216.34",
                "0x5DB8D822|93.184.216.34",
                "0X5db8d822|93.184.216.34",
                "0135.0270.0330.042|93.184.216.34",
                "93.184.55330|93.184.216.34",
                "93.12113954|93.184.216.34",
                "0x5d.184.0330.0x22|93.184.216.34",
                "0x5d.0270.55330|93.184.216.34",
                "0000000135.184.216.34|93.184.216.34",
                "１５７２３９５０４２|93.184.216.34",
                "127.1|127.0.0.1",
                "0|0.0.0.0",
                "0x|0.0.0.0",
                "4294967295|255.255.255.255",
                "[2001:db8::1]|[2001:db8::1]",
                "[2001:DB8:0:0:0:0:0:1]|[2001:db8::1]",
                "[2001:0db8:0000::0001]|[2001:db8::1]",
                "[0:0:0:0:0:0:0:0]|[::]",
                "[::]|[::]",
                "[0:0:0:0:0:0:0:1]|[::1]",
                "[1:0:0:2:0:0:0:3]|[1:0:0:2::3]",
                "[1:0:0:2:0:0:3:4]|[1::2:0:0:3:4]",
                "[1:0:2:3:4:5:6:7]|[1:0:2:3:4:5:6:7]",
                "[1:2:3:4:5:6:7::]|[1:2:3:4:5:6:7:0]",
                "[::1:2:3:4:5:6:7]|[0:1:2:3:4:5:6:7]",
                "[1::]|[1::]",
                "[::ffff:93.184.216.34]|[::ffff:5db8:d822]",
                "[::FFFF:5DB8:D822]|[::ffff:5db8:d822]",
                "[0:0:0:0:0:ffff:5db8:d822]|[::ffff:5db8:d822]",
                "[64:ff9b::93.184.216.34]|[64:ff9b::5db8:d822]",
                "[1:2:3:4:5:6:93.184.216.34]|[1:2:3:4:5:6:5db8:d822]",
            })
    void writesEverySpellingOfAHostInOneForm(String spelling, String canonical) {
        assertEquals(Optional.of(canonical), HostName.canonical(spelling));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ".",
                "..",
                "evil..example",
                ".evil.example",
                "evil.example..",
                "exa mple.com",
                "a_b.example",
                "evil%2eexample",
                "-bad-.example",
                "evil.123",
                "1.2.3.4.5",
                "256.1.1.1",
                "1.2.3.256",
                "1.2.65536",
                "1.16777216",
                "4294967296",
                "0x100000000",
                "99999999999999999999999",
                "09.1.1.1",
                "1.2.3.08",
                "0xg.1.1.1",
                "[1:2:3:4:5:6:7:8:9]",
                "[1::2::3]",
                "[:1]",
                "[1:]",
                "[12345::]",
                "[::1.2.3]",
                "[::1.2.3.4.5]",
                "[::01.2.3.4]",
                "[::256.1.1.1]",
                "[1:2:3:4:5:6:7:1.2.3.4]",
                "[fe80::1%25eth0]",
                "[fe80::1%eth0]",
                "[::g]",
                "[]",
                "[",
                "[::1",
            })
    void refusesWhatBrowsersRefuse(String spelling) {
        assertEquals(Optional.empty(), HostName.canonical(spelling), spelling);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http://Evil.Example.:8080/p|evil.example",
                "https://user@1572395042:443/|93.184.216.34",
                "https://bücher.example./x|xn--bcher-kva.example",
                "http://0135.0270.0330.042:80/|93.184.216.34",
                "http://[::FFFF:93.184.216.34]:80/|[::ffff:5db8:d822]",
            })
    void readsTheHostOfAUrl(String url, String host) {
        assertEquals(Optional.of(host), HostName.ofUrl(url));
    }

    @Test
    void aUrlWithoutAHostHasNone() {
        assertEquals(Optional.empty(), HostName.ofUrl("mailto:someone@example.com"));
        assertEquals(Optional.empty(), HostName.ofUrl("http:///path"));
        assertEquals(Optional.empty(), HostName.ofUrl("http://[fe80::1%25eth0]/"));
    }

    @Test
    void anIpv6AddressThatLeadsToAnIpv4OneIsComparedAsIt() {
        assertEquals("93.184.216.34", HostName.comparable("[::ffff:5db8:d822]"));
        assertEquals("93.184.216.34", HostName.comparable("[64:ff9b::5db8:d822]"));
        assertEquals("[::5db8:d822]", HostName.comparable("[::5db8:d822]"), "IPv4-compatible: deprecated, not routed");
        assertEquals("[2001:db8::1]", HostName.comparable("[2001:db8::1]"));
        assertEquals("93.184.216.34", HostName.comparable("93.184.216.34"));
        assertEquals("example.com", HostName.comparable("example.com"));
    }

    @Test
    void namesHaveSubdomainsAndAddressesDoNot() {
        assertTrue(HostName.isWithin("fx.example", "fx.example"));
        assertTrue(HostName.isWithin("www.fx.example", "fx.example"));
        assertFalse(HostName.isWithin("notfx.example", "fx.example"));
        assertTrue(HostName.isWithin("127.0.0.1", "127.0.0.1"));
        assertTrue(HostName.isWithin("[::ffff:7f00:1]", "127.0.0.1"));
        assertFalse(HostName.isWithin("127.0.0.2", "127.0.0.1"));
        assertFalse(HostName.isWithin("[2001:db8::2]", "[2001:db8::1]"));
        assertTrue(HostName.isAddress("93.184.216.34"));
        assertTrue(HostName.isAddress("[::1]"));
        assertFalse(HostName.isAddress("a.b1"));
    }
}
