package io.fuxi.it;

import static io.fuxi.it.Api.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Several short domains, first step (issue 63, part 1, and part 5's per-domain fallback), as
 * notes/domains-contract.md has them: the domains API (admin keys only), a link's domain on every create path and
 * PATCH, in every link's JSON, its short URL and QR code, the list filter, the history and the same-URL window, keys
 * restricted to some domains; and over real HTTP, never following a redirect, what the Host header decides: a link
 * answers on its own domain only, an unconfigured host is the default domain, and a domain's root, not-found and
 * fallback URLs. Every host added is this run's own ({@link #newHost}); those without links are deleted after their
 * test, so that no other test class ever meets them.
 */
class DomainsIT extends DeployedFuxi {

    /** Hosts, URLs and names of this run only: every test class shares the database and the deployment. */
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime() & Long.MAX_VALUE);

    private static final String BROWSER = ClickStatsIT.FIREFOX;
    private static final List<String> URL_FIELDS = List.of("rootUrl", "notFoundUrl", "fallbackUrl");
    private static final Set<String> DOMAIN_FIELDS =
            Set.of("host", "default", "rootUrl", "notFoundUrl", "fallbackUrl", "links", "createdAt");

    private final Rows rows = new Rows(TestDatabase.dataSource("fuxi"));

    /** The domains this test added: deleted after it, where no link is bound to them. */
    private final List<String> added = new ArrayList<>();

    /** The short URL of a default link without its code (read once a test from a link made for it). */
    private String shortUrlPrefix;

    @AfterEach
    void deleteTheAddedDomains() {
        for (String host : added) {
            admin.delete(domainPath(host)); // a domain with links stays (409): its host is this run's alone
        }
    }

    // --- the domains API

    @Test
    void theListHasTheDefaultDomainFirstThenTheOthersByHostWithTheirLinks() {
        String later = addDomain(newHost("zz-listed")).getString("host");
        String earlier = addDomain(newHost("aa-listed")).getString("host");
        admin.created(body(uniqueUrl("listed"), domainMember(earlier)));
        admin.created(body(uniqueUrl("listed"), domainMember(earlier)));
        admin.created(body(uniqueUrl("listed"), domainMember(later)));
        long defaultLinks = domains().get(0).getJsonNumber("links").longValue();
        admin.created(body(uniqueUrl("listed-default"), ""));

        List<JsonObject> domains = domains();
        assertDefaultDomain(domains.get(0));
        assertEquals(
                defaultLinks + 1,
                domains.get(0).getJsonNumber("links").longValue(),
                "a link made without a domain counts on the default");
        List<JsonObject> others = domains.subList(1, domains.size());
        List<String> hosts =
                others.stream().map(domain -> domain.getString("host")).toList();
        assertEquals(hosts.stream().sorted().toList(), hosts, "the others by host");
        assertFalse(hosts.contains(defaultHost()), hosts.toString());
        for (JsonObject other : others) {
            assertFalse(other.getBoolean("default"), other.toString());
        }
        assertTrue(hosts.indexOf(earlier) >= 0 && hosts.indexOf(earlier) < hosts.indexOf(later), hosts.toString());
        JsonObject listedEarlier = inList(domains, earlier);
        assertDomain(listedEarlier, earlier, null, null, null, 2);
        assertDomain(inList(domains, later), later, null, null, null, 1);
        assertEquals(listedEarlier, domain(earlier), "one domain reads as it is listed");
    }

    @Test
    void aNewDomainIsAnswered201AtItsLocationWithItsHostStoredLowerCased() {
        String host = newHost("new");
        String root = uniqueUrl("root");
        String notFound = uniqueUrl("not-found");
        String fallback = uniqueUrl("fallback");
        HttpResponse<String> created =
                admin.post("api/v1/domains", domainBody(host.toUpperCase(Locale.ROOT), urls(root, notFound, fallback)));
        assertEquals(201, created.statusCode(), created.body());
        added.add(host);
        String location = created.headers().firstValue("Location").orElseThrow();
        assertTrue(location.endsWith("/api/v1/domains/" + host), location);
        JsonObject domain = Api.json(created);
        assertDomain(domain, host, root, notFound, fallback, 0);
        assertEquals(domain, domain(host), "read back by its host");
        assertTrue(hosts().contains(host), "listed");

        String bare = newHost("bare");
        assertDomain(addDomain(bare), bare, null, null, null, 0);

        String unicode = "bücher-" + Long.toString(SERIAL.incrementAndGet(), 36) + ".shop.example";
        String punycode = IDN.toASCII(unicode, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        assertTrue(punycode.startsWith("xn--"), punycode);
        HttpResponse<String> international = admin.post("api/v1/domains", domainBody(unicode, ""));
        assertEquals(201, international.statusCode(), international.body());
        added.add(punycode);
        assertDomain(Api.json(international), punycode, null, null, null, 0);
        assertDomain(domain(punycode), punycode, null, null, null, 0);

        String longest = hostOfLength(253, unique("longest"));
        assertDomain(addDomain(longest), longest, null, null, null, 0);
    }

    @Test
    void badHostsAreRefusedNamingHostAndAddNothing() {
        String marker = unique("bad");
        List<String> refused = List.of(
                domainBody("bad host-" + marker + ".example", ""),
                domainBody("http://" + marker + ".example", ""),
                domainBody("https://" + marker + ".example/", ""),
                domainBody(marker + ".example:80", ""),
                domainBody(marker + ".example.", ""),
                domainBody(marker + ".example/path", ""),
                domainBody("under_" + marker + ".example", ""),
                domainBody("10.0.0.1", ""),
                domainBody("[::1]", ""),
                domainBody("", ""),
                domainBody(hostOfLength(254, marker), ""),
                "{\"host\":42}",
                "{\"host\":null}",
                "{\"rootUrl\":\"" + uniqueUrl("no-host") + "\"}",
                "{}");
        for (String json : refused) {
            HttpResponse<String> answer = admin.post("api/v1/domains", json);
            assertEquals(400, answer.statusCode(), json + " -> " + answer.body());
            assertProblem(answer, 400, "host");
        }
        List<String> hosts = hosts();
        assertFalse(hosts.stream().anyMatch(host -> host.contains(marker)), hosts.toString());
        assertFalse(hosts.contains("10.0.0.1") || hosts.contains("[::1]") || hosts.contains("::1"), hosts.toString());
    }

    @Test
    void aHostAddedAlreadyOrTheDefaultsIsAConflictNamingHost() {
        String host = newHost("twice");
        JsonObject first = addDomain(host, member("rootUrl", uniqueUrl("first-root")));
        String other = member("rootUrl", uniqueUrl("second-root"));
        assertProblem(admin.post("api/v1/domains", domainBody(host, other)), 409, "host");
        assertProblem(admin.post("api/v1/domains", domainBody(host.toUpperCase(Locale.ROOT), other)), 409, "host");
        assertProblem(admin.post("api/v1/domains", domainBody(defaultHost(), "")), 409, "host");
        assertProblem(
                admin.post("api/v1/domains", domainBody(defaultHost().toUpperCase(Locale.ROOT), "")), 409, "host");
        assertEquals(first, domain(host), "the domain as it was first added");
        assertEquals(1, hosts().stream().filter(host::equals).count());
        assertDefaultDomain(domain(defaultHost()));
    }

    /**
     * Each URL is checked as a link's is (absolute http or https, the destination rules, never a configured domain or
     * the base URL's host), on POST and on PATCH alike; a refusal writes nothing.
     */
    @Test
    void badUrlsOfADomainAreRefusedNamingTheirFieldAndWriteNothing() {
        String configured = addDomain(newHost("configured")).getString("host");
        String existing = addDomain(newHost("patched")).getString("host");
        JsonObject before = domain(existing);
        String blocked = unique("blocked") + ".example";
        int rule = blockRule(blocked);
        try {
            List<String> values = List.of(
                    quoted("ftp://example.com/file"),
                    quoted("not a url"),
                    quoted("/a/relative/path"),
                    quoted(""),
                    "42",
                    "[\"" + uniqueUrl("in-an-array") + "\"]",
                    quoted("https://" + configured + "/page"),
                    quoted("https://www." + configured + "/page"),
                    quoted("HTTPS://" + configured.toUpperCase(Locale.ROOT) + ":8443/page"),
                    quoted(shortUrlPrefix() + "page"),
                    quoted("https://www." + blocked + "/page"));
            for (String field : URL_FIELDS) {
                for (String value : values) {
                    String member = "\"" + field + "\":" + value;
                    String host = newHost("refused");
                    HttpResponse<String> post = admin.post("api/v1/domains", domainBody(host, member));
                    assertEquals(400, post.statusCode(), member + " -> " + post.body());
                    assertProblem(post, 400, field);
                    assertProblem(admin.get(domainPath(host)), 404, "host");
                    HttpResponse<String> patch = admin.patch(domainPath(existing), "{" + member + "}");
                    assertEquals(400, patch.statusCode(), member + " -> " + patch.body());
                    assertProblem(patch, 400, field);
                }
                assertProblem(
                        admin.patch(domainPath(existing), "{" + member(field, "https://" + existing + "/itself") + "}"),
                        400,
                        field);
            }
        } finally {
            admin.delete("api/v1/destinations/" + rule);
        }
        assertEquals(before, domain(existing), "no refused PATCH wrote anything");
    }

    @Test
    void unknownFieldsAreRefusedNamingThem() {
        String host = newHost("unknown-field");
        assertProblem(admin.post("api/v1/domains", domainBody(host, "\"colour\":\"blue\"")), 400, "colour");
        assertProblem(admin.get(domainPath(host)), 404, "host");

        String existing = addDomain(newHost("unknown-field-patch")).getString("host");
        JsonObject before = domain(existing);
        assertProblem(admin.patch(domainPath(existing), "{\"colour\":\"blue\"}"), 400, "colour");
        assertProblem(
                admin.patch(domainPath(existing), "{" + member("rootUrl", uniqueUrl("root")) + ",\"colour\":1}"),
                400,
                "colour");
        assertEquals(before, domain(existing), "nothing written");
    }

    @Test
    void aPartnerKeyGets403OnEveryCallOfTheDomainsApi() {
        Api partner = admin.newPartner(unique("domains-partner"));
        String host = addDomain(newHost("not-theirs")).getString("host");
        JsonObject before = domain(host);
        String wanted = newHost("wanted");

        assertProblem(partner.get("api/v1/domains"), 403, null);
        assertProblem(partner.post("api/v1/domains", domainBody(wanted, "")), 403, null);
        assertProblem(partner.get(domainPath(host)), 403, null);
        assertProblem(partner.get(domainPath(defaultHost())), 403, null);
        assertProblem(partner.patch(domainPath(host), "{" + member("rootUrl", uniqueUrl("root")) + "}"), 403, null);
        assertProblem(partner.delete(domainPath(host)), 403, null);

        assertProblem(admin.get(domainPath(wanted)), 404, "host");
        assertEquals(before, domain(host), "neither changed nor deleted");
    }

    @Test
    void oneDomainIsReadByItsHostTheDefaultsTooAndAnUnknownHostIs404() {
        String root = uniqueUrl("read-root");
        String host = addDomain(newHost("read"), member("rootUrl", root)).getString("host");
        assertDomain(domain(host), host, root, null, null, 0);
        assertDefaultDomain(domain(defaultHost()));
        assertProblem(admin.get(domainPath(newHost("never-added"))), 404, "host");
    }

    @Test
    void patchSetsKeepsAndRemovesEachUrlButTheDefaultIsNotPatched() {
        String host = addDomain(newHost("patch")).getString("host");
        String createdAt = domain(host).getString("createdAt");
        String root = uniqueUrl("root");
        String notFound = uniqueUrl("not-found");
        String fallback = uniqueUrl("fallback");

        assertDomain(patchedDomain(host, "{" + member("rootUrl", root) + "}"), host, root, null, null, 0);
        assertDomain(
                patchedDomain(
                        host, "{" + member("notFoundUrl", notFound) + "," + member("fallbackUrl", fallback) + "}"),
                host,
                root,
                notFound,
                fallback,
                0);
        assertDomain(patchedDomain(host, "{\"rootUrl\":null}"), host, null, notFound, fallback, 0);
        assertDomain(domain(host), host, null, notFound, fallback, 0);
        assertDomain(patchedDomain(host, "{\"notFoundUrl\":null,\"fallbackUrl\":null}"), host, null, null, null, 0);
        assertEquals(createdAt, domain(host).getString("createdAt"), "a PATCH is no new domain");

        assertProblem(admin.patch(domainPath(defaultHost()), "{" + member("rootUrl", root) + "}"), 409, "host");
        assertProblem(admin.patch(domainPath(defaultHost()), "{\"rootUrl\":null}"), 409, "host");
        assertDefaultDomain(domain(defaultHost()));
    }

    /** Deleting or adding a domain is seen by the very next request: its host is unconfigured, or no longer. */
    @Test
    void aDomainIsDeletedOnceNoLinkIsBoundToItAndTheDefaultNever() {
        String host = addDomain(newHost("deleted")).getString("host");
        String boundUrl = uniqueUrl("bound");
        String bound = admin.created(body(boundUrl, domainMember(host))).getString("code");
        String defaultUrl = uniqueUrl("default");
        String onDefault = admin.created(body(defaultUrl, "")).getString("code");
        assertNotFound(visit(host, onDefault), "a default link on the domain");

        assertProblem(admin.delete(domainPath(host)), 409, "host");
        assertDomain(domain(host), host, null, null, null, 1);
        assertRedirect(visit(host, bound), boundUrl, "the refused delete changed nothing");

        patchedLink(bound, "{\"domain\":null}");
        assertEquals(0, domain(host).getJsonNumber("links").longValue());
        HttpResponse<String> deleted = admin.delete(domainPath(host));
        assertEquals(204, deleted.statusCode(), deleted.body());
        assertProblem(admin.get(domainPath(host)), 404, "host");
        assertFalse(hosts().contains(host));
        assertRedirect(visit(host, onDefault), defaultUrl, "its host is unconfigured now: the default's");
        assertRedirect(visit(host, bound), boundUrl, "the link moved back to the default");

        assertProblem(admin.delete(domainPath(defaultHost())), 409, "host");
        assertDefaultDomain(domain(defaultHost()));

        String fresh = newHost("added-now");
        assertRedirect(visit(fresh, onDefault), defaultUrl, "before the host is added");
        addDomain(fresh);
        assertNotFound(visit(fresh, onDefault), "the very next request after it is added");
    }

    // --- links

    @Test
    void everyCreatePathPutsALinkOnItsDomainWhateverTheCaseOfTheHost() {
        String host = addDomain(newHost("links")).getString("host");
        String upper = domainMember(host.toUpperCase(Locale.ROOT));
        Api partner = admin.newPartner(unique("domains-links"));
        Map<String, String> expected = new HashMap<>(); // code -> its domain's host, null for the default

        JsonObject single = partner.created(body(uniqueUrl("single"), domainMember(host)));
        assertOnDomain(single, host, "a single create");
        expected.put(single.getString("code"), host);
        JsonObject upperCased = partner.created(body(uniqueUrl("single-upper"), upper));
        assertOnDomain(upperCased, host, "a single create naming the host in upper case");
        expected.put(upperCased.getString("code"), host);

        HttpResponse<String> throughJaxRs = createWithIdempotencyKey(partner, body(uniqueUrl("idempotent"), upper));
        assertEquals(201, throughJaxRs.statusCode(), throughJaxRs.body());
        assertOnDomain(Api.json(throughJaxRs), host, "a create with an Idempotency-Key");
        expected.put(Api.json(throughJaxRs).getString("code"), host);

        List<JsonObject> bulk =
                bulkResults(partner, List.of(body(uniqueUrl("bulk"), upper), body(uniqueUrl("bulk-default"), "")));
        assertEquals(List.of(201, 201), statuses(bulk), bulk.toString());
        assertOnDomain(bulk.get(0).getJsonObject("link"), host, "a bulk item with a domain");
        assertOnDomain(bulk.get(1).getJsonObject("link"), null, "a bulk item without");
        expected.put(bulk.get(0).getJsonObject("link").getString("code"), host);
        expected.put(bulk.get(1).getJsonObject("link").getString("code"), null);

        JsonObject plain = partner.created(body(uniqueUrl("default"), ""));
        assertOnDomain(plain, null, "a create without a domain");
        expected.put(plain.getString("code"), null);
        JsonObject byDefaultsHost = partner.created(
                body(uniqueUrl("default-by-host"), domainMember(defaultHost().toUpperCase(Locale.ROOT))));
        assertOnDomain(byDefaultsHost, null, "a create naming the default's host");
        expected.put(byDefaultsHost.getString("code"), null);
        JsonObject nullDomain = partner.created(body(uniqueUrl("default-by-null"), "\"domain\":null"));
        assertOnDomain(nullDomain, null, "a create with the domain null");
        expected.put(nullDomain.getString("code"), null);

        expected.forEach((code, domain) -> assertOnDomain(partner.link(code), domain, "a read"));
        List<JsonObject> listed = listed(partner, "");
        assertEquals(expected.size(), listed.size(), listed.toString());
        for (JsonObject item : listed) {
            assertOnDomain(item, expected.get(item.getString("code")), "in the list");
        }
        HttpResponse<String> patched = partner.patch("api/v1/links/" + single.getString("code"), "{\"enabled\":false}");
        assertEquals(200, patched.statusCode(), patched.body());
        assertOnDomain(Api.json(patched), host, "a PATCH answer that leaves the domain alone");
        assertEquals(4, domain(host).getJsonNumber("links").longValue(), "the links bound to it");
    }

    @Test
    void anUnknownDomainIsRefusedNamingDomainAndNothingIsWritten() {
        String unknown = newHost("unknown");
        String marker = unique("unknown-domain");
        JsonObject kept = admin.created(body(uniqueUrl("kept"), ""));
        String code = kept.getString("code");
        List<String> members = List.of(
                domainMember(unknown),
                domainMember(unknown.toUpperCase(Locale.ROOT)),
                domainMember(""),
                domainMember("bad host"),
                domainMember("http://" + unknown),
                "\"domain\":42",
                "\"domain\":[\"" + unknown + "\"]");
        for (String member : members) {
            assertProblem(admin.create(body(markedUrl(marker, "single"), member)), 400, "domain");
            assertProblem(
                    createWithIdempotencyKey(admin, body(markedUrl(marker, "idempotent"), member)), 400, "domain");
            JsonObject item = bulkResults(admin, List.of(body(markedUrl(marker, "bulk"), member)))
                    .get(0);
            assertEquals(400, item.getInt("status"), member + " -> " + item);
            assertEquals("domain", item.getJsonObject("problem").getString("field"), item.toString());
            assertProblem(admin.patch(linkPath(code), "{" + member + "}"), 400, "domain");
            assertProblem(admin.patch(linkPath(code), "{\"enabled\":false," + member + "}"), 400, "domain");
        }
        assertEquals(0, linksMarked(marker), "no link written");
        assertEquals(
                Json.createObjectBuilder(kept).add("totalClicks", 0).build(),
                admin.link(code),
                "no refused PATCH changed the link");
        assertEquals(1, history(code).size(), "nor wrote its history");
    }

    @Test
    void patchMovesALinkBetweenDomainsAndItsRedirectMovesAtOnce() {
        String first = addDomain(newHost("move-a")).getString("host");
        String second = addDomain(newHost("move-b")).getString("host");
        String url = uniqueUrl("moved");
        String code = admin.created(body(url, "")).getString("code");

        assertOnDomain(patchedLink(code, "{" + domainMember(first.toUpperCase(Locale.ROOT)) + "}"), first, "moved");
        assertOnDomain(admin.link(code), first, "read after the move");
        assertRedirect(visit(first, code), url, "on its new domain");
        assertNotFound(visitDefault(code), "on the default it left");
        assertEquals(1, domain(first).getJsonNumber("links").longValue());

        assertOnDomain(patchedLink(code, "{" + domainMember(second) + "}"), second, "moved on");
        assertRedirect(visit(second, code), url, "on its second domain");
        assertNotFound(visit(first, code), "on the first it left");
        assertEquals(0, domain(first).getJsonNumber("links").longValue());
        assertEquals(1, domain(second).getJsonNumber("links").longValue());

        assertOnDomain(patchedLink(code, "{\"domain\":null}"), null, "back with null");
        assertRedirect(visitDefault(code), url, "back on the default");
        assertNotFound(visit(second, code), "on the domain it left");
        assertEquals(0, domain(second).getJsonNumber("links").longValue());

        assertOnDomain(
                patchedLink(code, "{" + domainMember(first) + ",\"enabled\":true}"), first, "with another field");
        assertOnDomain(patchedLink(code, "{" + domainMember(defaultHost()) + "}"), null, "back by the default's host");
        assertRedirect(visitDefault(code), url, "back on the default again");
        assertNotFound(visit(first, code), "on the domain it left again");
    }

    @Test
    void theQrCodeOfALinkOnADomainDrawsItsShortUrl() throws Exception {
        String host = addDomain(newHost("qr")).getString("host");
        JsonObject link = admin.created(body(uniqueUrl("printed"), domainMember(host)));
        String code = link.getString("code");
        HttpResponse<byte[]> png = admin.sendForBytes(
                admin.authorized("api/v1/links/" + code + "/qr?size=300").GET());
        assertEquals(200, png.statusCode());
        assertEquals("image/png", png.headers().firstValue("Content-Type").orElseThrow());
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png.body()));
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        assertEquals(
                shortUrl(host, code),
                new QRCodeReader()
                        .decode(bitmap, Map.of(DecodeHintType.PURE_BARCODE, true))
                        .getText());
    }

    @Test
    void theListOfLinksFiltersByDomain() {
        String first = addDomain(newHost("filter-a")).getString("host");
        String second = addDomain(newHost("filter-b")).getString("host");
        String unused = addDomain(newHost("filter-unused")).getString("host");
        Api partner = admin.newPartner(unique("domains-filter"));
        String a1 = partner.created(body(uniqueUrl("a1"), domainMember(first))).getString("code");
        String a2 = partner.created(body(uniqueUrl("a2"), domainMember(first))).getString("code");
        String b1 = partner.created(body(uniqueUrl("b1"), domainMember(second))).getString("code");
        String d1 = partner.created(body(uniqueUrl("d1"), "")).getString("code");

        assertEquals(Set.of(a1, a2), Set.copyOf(listedCodes(partner, "domain=" + first)));
        assertEquals(2, listedCodes(partner, "domain=" + first).size());
        for (JsonObject item : listed(partner, "domain=" + first)) {
            assertOnDomain(item, first, "a filtered item");
        }
        assertEquals(List.of(b1), listedCodes(partner, "domain=" + second));
        assertEquals(List.of(d1), listedCodes(partner, "domain=" + defaultHost()), "only the default's");
        assertEquals(List.of(), listedCodes(partner, "domain=" + unused));
        assertEquals(Set.of(a1, a2, b1, d1), Set.copyOf(listedCodes(partner, "")), "unfiltered, every domain's");
        HttpResponse<String> unknown = partner.get("api/v1/links?domain=" + newHost("filter-unknown"));
        assertProblem(unknown, 400, "domain");
    }

    @Test
    void theSameUrlWindowNeverCrossesDomains() {
        String first = addDomain(newHost("window-a")).getString("host");
        String second = addDomain(newHost("window-b")).getString("host");
        Api partner = admin.newPartner(unique("domains-window"));
        String url = uniqueUrl("window");
        String onDefault = partner.created(body(url, "")).getString("code");

        HttpResponse<String> onFirst = partner.create(body(url, domainMember(first)));
        assertEquals(201, onFirst.statusCode(), "not the default's link: " + onFirst.body());
        String firstCode = Api.json(onFirst).getString("code");
        assertNotEquals(onDefault, firstCode);
        assertOnDomain(Api.json(onFirst), first, "a new link on the first domain");

        HttpResponse<String> onSecond = createWithIdempotencyKey(partner, body(url, domainMember(second)));
        assertEquals(201, onSecond.statusCode(), "neither the default's nor the first's: " + onSecond.body());
        String secondCode = Api.json(onSecond).getString("code");
        assertFalse(Set.of(onDefault, firstCode).contains(secondCode), secondCode);
        assertOnDomain(Api.json(onSecond), second, "a new link on the second domain");

        for (HttpResponse<String> again : List.of(
                partner.create(body(url, domainMember(first.toUpperCase(Locale.ROOT)))),
                createWithIdempotencyKey(partner, body(url, domainMember(first))))) {
            assertOnDomain(Api.json(again), first, "the same URL on the first domain again");
            if (again.statusCode() == 200) {
                assertEquals(firstCode, Api.json(again).getString("code"), "the recent link is the first domain's");
            } else {
                assertEquals(201, again.statusCode(), again.body());
            }
        }

        HttpResponse<String> plainAgain = partner.create(body(url, ""));
        assertEquals(200, plainAgain.statusCode(), "without a domain, the default's recent link: " + plainAgain.body());
        assertEquals(onDefault, Api.json(plainAgain).getString("code"));
        assertOnDomain(Api.json(plainAgain), null, "the recent link on the default");
    }

    @Test
    void theHistoryHasTheDomainOfACreatedLinkAndEachChangeOfIt() {
        String first = addDomain(newHost("history-a")).getString("host");
        String second = addDomain(newHost("history-b")).getString("host");
        String code =
                admin.created(body(uniqueUrl("history"), domainMember(first))).getString("code");
        String onDefault = admin.created(body(uniqueUrl("history-default"), "")).getString("code");

        JsonObject made = history(code).get(0);
        assertEquals("created", made.getString("action"), made.toString());
        assertEquals(first, text(made.getJsonObject("after"), "domain"), made.toString());
        JsonObject madeOnDefault = history(onDefault).get(0);
        assertEquals("created", madeOnDefault.getString("action"), madeOnDefault.toString());
        assertNull(text(madeOnDefault.getJsonObject("after"), "domain"), madeOnDefault.toString());

        patchedLink(code, "{" + domainMember(second) + "}");
        patchedLink(code, "{\"domain\":null}");
        patchedLink(code, "{" + domainMember(first.toUpperCase(Locale.ROOT)) + "}");
        List<JsonObject> entries = history(code);
        assertEquals(4, entries.size(), entries.toString());
        assertDomainChange(entries.get(1), first, second);
        assertDomainChange(entries.get(2), second, null);
        assertDomainChange(entries.get(3), null, first);

        patchedLink(code, "{" + domainMember(first.toUpperCase(Locale.ROOT)) + "}");
        patchedLink(onDefault, "{" + domainMember(defaultHost()) + "}");
        patchedLink(onDefault, "{\"domain\":null}");
        assertEquals(4, history(code).size(), "the domain it is on already is no change");
        assertEquals(1, history(onDefault).size(), "the default's host or null on a default link is no change");

        patchedLink(code, "{\"enabled\":false}");
        entries = history(code);
        assertEquals(5, entries.size(), entries.toString());
        JsonObject disabled = entries.get(4);
        assertFalse(disabled.getJsonObject("before").containsKey("domain"), "not changed: " + disabled);
        assertFalse(disabled.getJsonObject("after").containsKey("domain"), "not changed: " + disabled);
    }

    @Test
    void aLinkToAConfiguredDomainIsRefusedNamingUrlOrFallbackUrl() {
        String host = addDomain(newHost("no-loops")).getString("host");
        String marker = unique("loop");
        JsonObject kept = admin.created(body(uniqueUrl("kept"), ""));
        String code = kept.getString("code");
        List<String> loops = List.of(
                "https://" + host + "/" + marker,
                "http://www." + host + "/" + marker,
                "https://" + host.toUpperCase(Locale.ROOT) + ":8443/" + marker + "?q=1");
        for (String loop : loops) {
            assertProblem(admin.create(body(loop, "")), 400, "url");
            assertProblem(createWithIdempotencyKey(admin, body(loop, "")), 400, "url");
            assertProblem(admin.create(body(loop, domainMember(host))), 400, "url");
            assertProblem(admin.create(body(markedUrl(marker, "fallback"), fallbackUrl(loop))), 400, "fallbackUrl");
            assertProblem(admin.patch(linkPath(code), "{" + member("url", loop) + "}"), 400, "url");
            assertProblem(admin.patch(linkPath(code), "{" + fallbackUrl(loop) + "}"), 400, "fallbackUrl");
        }
        List<JsonObject> bulk = bulkResults(
                admin,
                List.of(body(loops.get(0), ""), body(markedUrl(marker, "bulk-fallback"), fallbackUrl(loops.get(1)))));
        assertEquals(List.of(400, 400), statuses(bulk), bulk.toString());
        assertEquals("url", bulk.get(0).getJsonObject("problem").getString("field"));
        assertEquals("fallbackUrl", bulk.get(1).getJsonObject("problem").getString("field"));
        assertEquals(0, linksMarked(marker), "no link written");
        assertEquals(
                Json.createObjectBuilder(kept).add("totalClicks", 0).build(),
                admin.link(code),
                "no refused PATCH changed the link");

        String near = "https://near" + host + "/" + unique("near");
        assertEquals(near, admin.created(body(near, "")).getString("url"), "a host that only ends alike is no loop");
    }

    // --- keys restricted to some domains

    @Test
    void aKeyTakesTheDomainsItIsRestrictedToWhichMustBeConfigured() {
        String first = addDomain(newHost("key-a")).getString("host");
        String second = addDomain(newHost("key-b")).getString("host");

        HttpResponse<String> made = admin.post("api/v1/keys", keyBody(domainsMember(first, defaultHost())));
        assertEquals(201, made.statusCode(), made.body());
        assertEquals(Set.of(first, defaultHost()), domainsOf(Api.json(made)), "the answer to the create");
        long id = Api.json(made).getJsonNumber("id").longValue();
        assertEquals(Set.of(first, defaultHost()), domainsOf(key(id)), "the listed key");

        HttpResponse<String> unrestricted = admin.post("api/v1/keys", keyBody(""));
        assertEquals(201, unrestricted.statusCode(), unrestricted.body());
        assertNull(domainsOf(Api.json(unrestricted)), "without domains, every domain");
        assertNull(domainsOf(key(Api.json(unrestricted).getJsonNumber("id").longValue())));
        HttpResponse<String> nulled = admin.post("api/v1/keys", keyBody("\"domains\":null"));
        assertEquals(201, nulled.statusCode(), nulled.body());
        assertNull(domainsOf(Api.json(nulled)), "domains null, every domain");
        for (JsonObject key : keys()) {
            assertTrue(key.containsKey("domains"), "every key shows its domains: " + key);
        }

        String refusedName = unique("refused-key");
        List<String> refused = List.of(
                domainsMember(newHost("never-added")),
                domainsMember(first, newHost("never-added")),
                "\"domains\":\"" + first + "\"",
                "\"domains\":[42]");
        for (String member : refused) {
            HttpResponse<String> create =
                    admin.post("api/v1/keys", "{\"name\":\"" + refusedName + "\"," + member + "}");
            assertEquals(400, create.statusCode(), member + " -> " + create.body());
            assertProblem(create, 400, "domains");
            assertProblem(admin.patch(keyPath(id), "{" + member + "}"), 400, "domains");
        }
        assertFalse(
                keys().stream().anyMatch(key -> key.getString("name").equals(refusedName)), "no refused key written");
        assertEquals(Set.of(first, defaultHost()), domainsOf(key(id)), "no refused PATCH changed the key");

        assertPatchedKey(admin.patch(keyPath(id), "{" + domainsMember(second) + "}"), Set.of(second));
        assertEquals(Set.of(second), domainsOf(key(id)));
        assertPatchedKey(admin.patch(keyPath(id), "{\"domains\":null}"), null);
        assertNull(domainsOf(key(id)), "null again: every domain");
    }

    @Test
    void aRestrictedKeyPutsLinksOnItsDomainsOnlyAndStillReadsAndListsItsLinks() {
        String allowed = addDomain(newHost("allowed")).getString("host");
        String elsewhere = addDomain(newHost("elsewhere")).getString("host");
        HttpResponse<String> made = admin.post("api/v1/keys", keyBody(domainsMember(allowed)));
        assertEquals(201, made.statusCode(), made.body());
        long id = Api.json(made).getJsonNumber("id").longValue();
        Api partner = admin.as(Api.json(made).getString("secret"));
        String marker = unique("restricted");

        Map<String, HttpResponse<String>> refused = new LinkedHashMap<>();
        refused.put("on another domain", partner.create(body(markedUrl(marker, "other"), domainMember(elsewhere))));
        refused.put("without a domain", partner.create(body(markedUrl(marker, "none"), "")));
        refused.put(
                "on the default by its host",
                partner.create(body(markedUrl(marker, "default"), domainMember(defaultHost()))));
        refused.put("on the default by null", partner.create(body(markedUrl(marker, "null"), "\"domain\":null")));
        refused.put(
                "with an Idempotency-Key on another domain",
                createWithIdempotencyKey(partner, body(markedUrl(marker, "jaxrs-other"), domainMember(elsewhere))));
        refused.put(
                "with an Idempotency-Key without a domain",
                createWithIdempotencyKey(partner, body(markedUrl(marker, "jaxrs-none"), "")));
        refused.forEach((how, answer) -> {
            assertEquals(403, answer.statusCode(), how + ": " + answer.body());
            assertProblem(answer, 403, "domain");
        });
        List<JsonObject> bulk = bulkResults(
                partner,
                List.of(
                        body(markedUrl(marker, "bulk-other"), domainMember(elsewhere)),
                        body(markedUrl(marker, "bulk-none"), ""),
                        body(uniqueUrl("bulk-allowed"), domainMember(allowed))));
        assertEquals(List.of(403, 403, 201), statuses(bulk), bulk.toString());
        assertEquals("domain", bulk.get(0).getJsonObject("problem").getString("field"));
        assertEquals("domain", bulk.get(1).getJsonObject("problem").getString("field"));
        assertOnDomain(bulk.get(2).getJsonObject("link"), allowed, "a bulk item on its domain");
        assertEquals(0, linksMarked(marker), "no refused create wrote a link");

        JsonObject mine = partner.created(body(uniqueUrl("allowed"), domainMember(allowed.toUpperCase(Locale.ROOT))));
        assertOnDomain(mine, allowed, "a create on its domain");
        String code = mine.getString("code");
        assertProblem(partner.patch(linkPath(code), "{" + domainMember(elsewhere) + "}"), 403, "domain");
        assertProblem(partner.patch(linkPath(code), "{\"domain\":null}"), 403, "domain");
        assertProblem(partner.patch(linkPath(code), "{" + domainMember(defaultHost()) + "}"), 403, "domain");
        assertProblem(
                partner.patch(linkPath(code), "{\"enabled\":false," + domainMember(elsewhere) + "}"), 403, "domain");
        JsonObject unchanged = partner.link(code);
        assertOnDomain(unchanged, allowed, "after the refused PATCHes");
        assertTrue(unchanged.getBoolean("enabled"), "nothing written: " + unchanged);
        assertEquals(1, history(code).size(), "no history written");
        HttpResponse<String> disabled = partner.patch(linkPath(code), "{\"enabled\":false}");
        assertEquals(200, disabled.statusCode(), "a PATCH that leaves the domain alone: " + disabled.body());

        assertPatchedKey(
                admin.patch(keyPath(id), "{" + domainsMember(allowed, defaultHost()) + "}"),
                Set.of(allowed, defaultHost()));
        JsonObject onDefault = partner.created(body(uniqueUrl("default-allowed"), ""));
        assertOnDomain(onDefault, null, "without a domain, once the default is listed");

        assertPatchedKey(admin.patch(keyPath(id), "{" + domainsMember(elsewhere) + "}"), Set.of(elsewhere));
        assertProblem(partner.create(body(markedUrl(marker, "narrowed"), domainMember(allowed))), 403, "domain");
        assertProblem(partner.create(body(markedUrl(marker, "narrowed-default"), "")), 403, "domain");
        assertEquals(0, linksMarked(marker), "nothing written once narrowed");
        assertOnDomain(partner.link(code), allowed, "reads are not restricted");
        assertOnDomain(partner.link(onDefault.getString("code")), null, "reads are not restricted");
        assertTrue(partner.listedCodes().containsAll(List.of(code, onDefault.getString("code"))), "nor is the list");
        assertOnDomain(patchedBy(partner, code, "{" + domainMember(elsewhere) + "}"), elsewhere, "moved to its domain");
    }

    // --- redirects by Host

    @Test
    void aLinkRedirectsOnItsOwnDomainOnlyAndAnUnconfiguredHostIsTheDefault() {
        String host = addDomain(newHost("redirects")).getString("host");
        String other = addDomain(newHost("other")).getString("host");
        String unconfigured = "unconfigured-" + Long.toString(SERIAL.incrementAndGet(), 36) + ".example";
        String boundUrl = uniqueUrl("bound") + "?ref=a";
        String bound = admin.created(body(boundUrl, domainMember(host))).getString("code");
        String defaultUrl = uniqueUrl("default");
        String onDefault = admin.created(body(defaultUrl, "")).getString("code");

        assertRedirect(visit(host, bound), boundUrl, "on its domain, with the port");
        assertRedirect(visitWithHostHeader(host, bound), boundUrl, "on its domain, without a port");
        assertRedirect(
                visitWithHostHeader(host.toUpperCase(Locale.ROOT) + ":" + base.getPort(), bound),
                boundUrl,
                "on its domain, the host in upper case");
        assertRedirect(visit(host, bound + "?utm_source=x"), boundUrl + "&utm_source=x", "with a query");
        assertNotFound(visitDefault(bound), "on the default host");
        assertNotFound(visit(other, bound), "on another configured domain");
        assertNotFound(visit(unconfigured, bound), "on an unconfigured host, which is the default");

        assertRedirect(visitDefault(onDefault), defaultUrl, "a default link on the default host");
        assertRedirect(visit(unconfigured, onDefault), defaultUrl, "a default link on an unconfigured host");
        assertRedirect(visitWithHostHeader(unconfigured, onDefault), defaultUrl, "the same without a port");
        assertNotFound(visit(host, onDefault), "a default link on a configured domain");
        assertNotFound(visit(other, onDefault), "a default link on another configured domain");
    }

    @Test
    void unknownCodesAndOtherDomainsCodesGoToTheDomainsNotFoundUrl() {
        String notFound = uniqueUrl("not-found");
        String host =
                addDomain(newHost("not-found"), member("notFoundUrl", notFound)).getString("host");
        String plain = addDomain(newHost("plain-not-found")).getString("host");
        String ownUrl = uniqueUrl("own");
        String own = admin.created(body(ownUrl, domainMember(host))).getString("code");
        String onPlain =
                admin.created(body(uniqueUrl("on-plain"), domainMember(plain))).getString("code");
        String onDefault = admin.created(body(uniqueUrl("on-default"), "")).getString("code");
        String unknown = unknownCode();

        assertRedirect(visit(host, unknown), notFound, "an unknown code");
        assertRedirect(visit(host, unknown + "?utm_source=x&b=2"), notFound, "its query is not passed on");
        assertRedirect(visit(host, onPlain), notFound, "another domain's code");
        assertRedirect(visit(host, onDefault), notFound, "the default's code");
        assertRedirect(visit(host, own), ownUrl, "its own link still redirects");
        assertNotFound(visit(plain, unknown), "a domain without a notFoundUrl");
        assertNotFound(visit(plain, own), "another domain's code on a domain without a notFoundUrl");
        assertNotFound(visitDefault(unknown), "the default");
        assertNotFound(visitDefault(own), "a domain's code on the default");

        patchedDomain(host, "{\"notFoundUrl\":null}");
        assertNotFound(visit(host, unknown), "the very next request after the notFoundUrl is removed");
        assertNotFound(visit(host, onDefault), "the default's code, once the notFoundUrl is removed");
        String another = uniqueUrl("another-not-found");
        patchedDomain(host, "{" + member("notFoundUrl", another) + "}");
        assertRedirect(visit(host, unknown), another, "the very next request after it is set");
    }

    @Test
    void theRootGoesToTheDomainsRootUrlOrAnswersAsTheDefaultsDoes() {
        String root = uniqueUrl("root");
        String host = addDomain(newHost("root"), member("rootUrl", root)).getString("host");
        String plain = addDomain(newHost("plain-root")).getString("host");
        String unconfigured = "unconfigured-" + Long.toString(SERIAL.incrementAndGet(), 36) + ".example";
        HttpResponse<String> defaults = visitDefault("");

        assertRedirect(visit(host, ""), root, "the root of a domain with a rootUrl");
        assertRedirect(visitWithHostHeader(host, ""), root, "the same without a port");
        assertAnswersAlike(defaults, visit(plain, ""), "the root of a domain without a rootUrl");
        assertAnswersAlike(defaults, visit(unconfigured, ""), "the root of an unconfigured host");
        assertAnswersAlike(defaults, visitDefault(""), "the default's root again");

        patchedDomain(host, "{\"rootUrl\":null}");
        assertAnswersAlike(defaults, visit(host, ""), "the very next request after the rootUrl is removed");
        String another = uniqueUrl("another-root");
        patchedDomain(plain, "{" + member("rootUrl", another) + "}");
        assertRedirect(visit(plain, ""), another, "the very next request after one is set");
    }

    /**
     * A link that does not answer (disabled, not valid yet, over its limit, expired) and has no fallbackUrl of its own
     * goes to its domain's; its own wins; a domain without one, and the default, answer as before.
     */
    @Test
    void theDomainsFallbackUrlTakesItsLinksThatDoNotAnswerUnlessTheyHaveTheirOwn() {
        String fallback = uniqueUrl("domain-fallback");
        String host =
                addDomain(newHost("fallback"), member("fallbackUrl", fallback)).getString("host");
        String plain = addDomain(newHost("plain-fallback")).getString("host");
        String own = uniqueUrl("own-fallback");
        Instant inAnHour = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        String later = "\"validSince\":\"" + inAnHour + "\"";
        String soonGone = "\"expiresAt\":\"" + inAnHour + "\"";

        String disabled = disabledLink(host, "");
        String disabledWithOwn = disabledLink(host, fallbackUrl(own));
        String disabledOnPlain = disabledLink(plain, "");
        String disabledOnDefault = disabledLink(null, "");
        String notYet = linkOn(host, later);
        String notYetWithOwn = linkOn(host, later + "," + fallbackUrl(own));
        String limitedUrl = uniqueUrl("limited");
        String limited = admin.created(body(limitedUrl, domainMember(host) + ",\"maxVisits\":1"))
                .getString("code");
        String expiringUrl = uniqueUrl("expiring");
        String expiring = admin.created(body(expiringUrl, domainMember(host) + "," + soonGone))
                .getString("code");
        String expiringWithOwn = linkOn(host, soonGone + "," + fallbackUrl(own));
        String expiringOnPlain = linkOn(plain, soonGone);

        assertRedirect(visit(host, disabled), fallback, "a disabled link");
        assertRedirect(visit(host, disabled + "?utm_source=x"), fallback, "a disabled link, with a query");
        assertRedirect(visit(host, disabledWithOwn), own, "a disabled link with its own fallbackUrl");
        assertGone(visit(plain, disabledOnPlain), "a disabled link on a domain without a fallbackUrl");
        assertGone(visitDefault(disabledOnDefault), "a disabled link on the default");
        assertRedirect(visit(host, notYet), fallback, "a link not valid yet");
        assertRedirect(visit(host, notYetWithOwn), own, "a link not valid yet with its own fallbackUrl");
        assertRedirect(visit(host, limited), limitedUrl, "the one visit of a limited link");
        assertRedirect(visit(host, limited), fallback, "a link over its limit");
        assertRedirect(visit(host, expiring), expiringUrl, "a link before it expires");
        try {
            admin.moveClock(Duration.ofHours(2));
            assertRedirect(visit(host, expiring), fallback, "an expired link");
            assertRedirect(visit(host, expiringWithOwn), own, "an expired link with its own fallbackUrl");
            assertGone(visit(plain, expiringOnPlain), "an expired link on a domain without a fallbackUrl");
        } finally {
            admin.clockBack();
        }

        patchedDomain(host, "{\"fallbackUrl\":null}");
        assertGone(visit(host, disabled), "the very next request after the domain's fallbackUrl is removed");
        assertRedirect(visit(host, disabledWithOwn), own, "its own still");
    }

    // --- requests

    /** Adds a domain with these other members (JSON, comma-separated; none when empty), failing unless it is 201. */
    private JsonObject addDomain(String host, String fields) {
        HttpResponse<String> created = admin.post("api/v1/domains", domainBody(host, fields));
        assertEquals(201, created.statusCode(), host + " -> " + created.body());
        added.add(host);
        return Api.json(created);
    }

    private JsonObject addDomain(String host) {
        return addDomain(host, "");
    }

    private JsonObject domain(String host) {
        HttpResponse<String> read = admin.get(domainPath(host));
        assertEquals(200, read.statusCode(), host + " -> " + read.body());
        return Api.json(read);
    }

    private List<JsonObject> domains() {
        HttpResponse<String> list = admin.get("api/v1/domains");
        assertEquals(200, list.statusCode(), list.body());
        return Api.json(list).getJsonArray("domains").getValuesAs(JsonObject.class);
    }

    private List<String> hosts() {
        return domains().stream().map(domain -> domain.getString("host")).toList();
    }

    private JsonObject patchedDomain(String host, String json) {
        HttpResponse<String> patched = admin.patch(domainPath(host), json);
        assertEquals(200, patched.statusCode(), json + " -> " + patched.body());
        return Api.json(patched);
    }

    /** A block rule for the host (and its subdomains), returning its id. */
    private int blockRule(String host) {
        HttpResponse<String> rule = admin.post("api/v1/destinations", "{\"host\":\"" + host + "\"}");
        assertEquals(201, rule.statusCode(), rule.body());
        return Api.json(rule).getInt("id");
    }

    private JsonObject patchedLink(String code, String json) {
        return patchedBy(admin, code, json);
    }

    private static JsonObject patchedBy(Api api, String code, String json) {
        HttpResponse<String> patched = api.patch(linkPath(code), json);
        assertEquals(200, patched.statusCode(), json + " -> " + patched.body());
        return Api.json(patched);
    }

    /** A new link on this domain (null: the default) with these other members, disabled, returning its code. */
    private String disabledLink(String host, String fields) {
        String code = linkOn(host, fields);
        patchedLink(code, "{\"enabled\":false}");
        return code;
    }

    /** A new link on this domain (null: the default) with these other members, returning its code. */
    private String linkOn(String host, String fields) {
        String domain = host == null ? "" : domainMember(host);
        String members = domain.isEmpty() || fields.isEmpty() ? domain + fields : domain + "," + fields;
        return admin.created(body(uniqueUrl("link"), members)).getString("code");
    }

    /** A create through JAX-RS (LinksResource) rather than ahead of it, as an Idempotency-Key sends it. */
    private static HttpResponse<String> createWithIdempotencyKey(Api api, String json) {
        return api.send(api.authorized("api/v1/links")
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", unique("domains-it"))
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** The bulk answer's results, one per item, in order. */
    private static List<JsonObject> bulkResults(Api api, List<String> items) {
        HttpResponse<String> answer = api.post("api/v1/links/bulk", "[" + String.join(",", items) + "]");
        assertEquals(200, answer.statusCode(), answer.body());
        List<JsonObject> results = Api.json(answer).getJsonArray("results").getValuesAs(JsonObject.class);
        assertEquals(items.size(), results.size(), answer.body());
        return results;
    }

    private static List<Integer> statuses(List<JsonObject> results) {
        return results.stream().map(result -> result.getInt("status")).toList();
    }

    /** The caller's links (the first 100) with this query added (none when empty). */
    private static List<JsonObject> listed(Api api, String query) {
        HttpResponse<String> list = api.get("api/v1/links?size=100" + (query.isEmpty() ? "" : "&" + query));
        assertEquals(200, list.statusCode(), query + " -> " + list.body());
        return Api.json(list).getJsonArray("links").getValuesAs(JsonObject.class);
    }

    private static List<String> listedCodes(Api api, String query) {
        return listed(api, query).stream().map(link -> link.getString("code")).toList();
    }

    private List<JsonObject> history(String code) {
        HttpResponse<String> history = admin.get(linkPath(code) + "/history");
        assertEquals(200, history.statusCode(), history.body());
        return Api.json(history).getJsonArray("entries").getValuesAs(JsonObject.class);
    }

    private List<JsonObject> keys() {
        HttpResponse<String> keys = admin.get("api/v1/keys");
        assertEquals(200, keys.statusCode(), keys.body());
        return Api.json(keys).getJsonArray("keys").getValuesAs(JsonObject.class);
    }

    private JsonObject key(long id) {
        return keys().stream()
                .filter(key -> key.getJsonNumber("id").longValue() == id)
                .findFirst()
                .orElseThrow();
    }

    /** Links whose URL holds the marker: the refused ones of a test, of which there must be none. */
    private long linksMarked(String marker) {
        return rows.number("SELECT COUNT(*) FROM link WHERE url LIKE ?", "%" + marker + "%");
    }

    /** A GET of this path (a code with any query; "" for the root) as a browser sends it to this host, on our port. */
    private HttpResponse<String> visit(String host, String path) {
        return visitWithHostHeader(host + ":" + base.getPort(), path);
    }

    private HttpResponse<String> visitWithHostHeader(String hostHeader, String path) {
        return admin.send(admin.request(path)
                .header("Host", hostHeader)
                .header("User-Agent", BROWSER)
                .GET());
    }

    /** The same on the default domain: the host the deployment is reached at. */
    private HttpResponse<String> visitDefault(String path) {
        return admin.send(admin.request(path).header("User-Agent", BROWSER).GET());
    }

    // --- answers

    /** Every member the contract names, of a domain other than the default. */
    private static void assertDomain(
            JsonObject domain, String host, String rootUrl, String notFoundUrl, String fallbackUrl, long links) {
        String context = domain.toString();
        assertEquals(DOMAIN_FIELDS, domain.keySet(), context);
        assertEquals(host, domain.getString("host"), context);
        assertFalse(domain.getBoolean("default"), context);
        assertEquals(rootUrl, text(domain, "rootUrl"), context);
        assertEquals(notFoundUrl, text(domain, "notFoundUrl"), context);
        assertEquals(fallbackUrl, text(domain, "fallbackUrl"), context);
        assertEquals(links, domain.getJsonNumber("links").longValue(), context);
        String createdAt = text(domain, "createdAt");
        assertTrue(createdAt != null && createdAt.endsWith("Z"), context);
        Instant.parse(createdAt);
    }

    private void assertDefaultDomain(JsonObject domain) {
        String context = domain.toString();
        assertEquals(DOMAIN_FIELDS, domain.keySet(), context);
        assertEquals(defaultHost(), domain.getString("host"), context);
        assertTrue(domain.getBoolean("default"), context);
        assertNull(text(domain, "createdAt"), context);
        for (String field : URL_FIELDS) {
            assertNull(text(domain, field), context);
        }
        assertTrue(domain.getJsonNumber("links").longValue() >= 0, context);
    }

    private static JsonObject inList(List<JsonObject> domains, String host) {
        return domains.stream()
                .filter(domain -> domain.getString("host").equals(host))
                .findFirst()
                .orElseThrow(() -> new AssertionError(host + " not in " + domains));
    }

    /** The link's domain (null: the default) and its short URL, the base URL's with that domain's host. */
    private void assertOnDomain(JsonObject link, String host, String message) {
        String context = message + ": " + link;
        assertEquals(host, text(link, "domain"), context);
        assertEquals(shortUrl(host, link.getString("code")), link.getString("shortUrl"), context);
    }

    /** A "changed" history entry whose domain went from one host to another (null: the default). */
    private static void assertDomainChange(JsonObject entry, String from, String to) {
        assertEquals("changed", entry.getString("action"), entry.toString());
        assertEquals(from, text(entry.getJsonObject("before"), "domain"), entry.toString());
        assertEquals(to, text(entry.getJsonObject("after"), "domain"), entry.toString());
    }

    /** A PATCH of a key: 200 with the key (showing these domains) or 204. */
    private static void assertPatchedKey(HttpResponse<String> patched, Set<String> domains) {
        assertTrue(patched.statusCode() == 200 || patched.statusCode() == 204, patched.body());
        if (patched.statusCode() == 200) {
            assertEquals(domains, domainsOf(Api.json(patched)), patched.body());
        }
    }

    /** The key's domains as a set, or null for every domain; the key must show them. */
    private static Set<String> domainsOf(JsonObject key) {
        assertTrue(key.containsKey("domains"), "no domains in " + key);
        JsonValue domains = key.get("domains");
        if (domains.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        List<String> hosts = domains.asJsonArray().getValuesAs(JsonString::getString);
        assertEquals(hosts.size(), Set.copyOf(hosts).size(), "each domain once: " + key);
        return Set.copyOf(hosts);
    }

    private static void assertRedirect(HttpResponse<String> answer, String location, String message) {
        assertEquals(302, answer.statusCode(), message + ": " + answer.body());
        assertEquals(location, answer.headers().firstValue("Location").orElse(null), message);
    }

    /** The not-found answer: a 404, and no redirect. */
    private static void assertNotFound(HttpResponse<String> answer, String message) {
        assertEquals(404, answer.statusCode(), message + ": " + answer.body());
        assertEquals(Optional.empty(), answer.headers().firstValue("Location"), message);
    }

    /** A 410 page, and no redirect. */
    private static void assertGone(HttpResponse<String> answer, String message) {
        assertEquals(410, answer.statusCode(), message + ": " + answer.body());
        assertEquals(Optional.empty(), answer.headers().firstValue("Location"), message);
    }

    /** The same status, redirect (or none) and body. */
    private static void assertAnswersAlike(HttpResponse<String> expected, HttpResponse<String> actual, String message) {
        assertEquals(expected.statusCode(), actual.statusCode(), message + ": " + actual.body());
        assertEquals(
                expected.headers().firstValue("Location").isPresent(),
                actual.headers().firstValue("Location").isPresent(),
                message);
        assertEquals(expected.body(), actual.body(), message);
    }

    private static String text(JsonObject object, String name) {
        assertTrue(object.containsKey(name), "no " + name + " in " + object);
        JsonValue value = object.get(name);
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        assertEquals(JsonValue.ValueType.STRING, value.getValueType(), name + " in " + object);
        return ((JsonString) value).getString();
    }

    // --- hosts, URLs and request bodies

    /** The default domain's host: the host of the base URL the deployment is reached at. */
    private String defaultHost() {
        return base.getHost().toLowerCase(Locale.ROOT);
    }

    /** The short URL of this code on this domain (null: the default): the base URL's, with the domain's host. */
    private String shortUrl(String host, String code) {
        String onDefault = shortUrlPrefix() + code;
        return host == null ? onDefault : withHost(onDefault, host);
    }

    /** What a default link's short URL has before its code, read from a link made for it. */
    private String shortUrlPrefix() {
        if (shortUrlPrefix == null) {
            JsonObject sample = admin.created(body(uniqueUrl("sample"), ""));
            String shortUrl = sample.getString("shortUrl");
            String code = sample.getString("code");
            assertTrue(shortUrl.endsWith("/" + code), shortUrl);
            assertEquals(defaultHost(), URI.create(shortUrl).getHost(), "the default domain's host: " + shortUrl);
            assertNull(text(sample, "domain"), "a link made without a domain is on the default: " + sample);
            shortUrlPrefix = shortUrl.substring(0, shortUrl.length() - code.length());
        }
        return shortUrlPrefix;
    }

    /** The URL with another host: the same scheme, port, path and query. */
    private static String withHost(String url, String host) {
        URI uri = URI.create(url);
        try {
            return new URI(
                            uri.getScheme(),
                            uri.getUserInfo(),
                            host,
                            uri.getPort(),
                            uri.getPath(),
                            uri.getQuery(),
                            uri.getFragment())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(url, e);
        }
    }

    /** A host of this run only, never a host another test uses: {@code <word>-<serial>.shop.example}. */
    private static String newHost(String word) {
        return unique(word) + ".shop.example";
    }

    /** A valid host of exactly this many characters, in labels of at most 63, the last beginning with the word. */
    private static String hostOfLength(int length, String word) {
        String labels = "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + ".";
        String last = word + "z".repeat(length - labels.length() - word.length());
        return labels + last;
    }

    /** A code-shaped path no link has. */
    private static String unknownCode() {
        return unique("nf");
    }

    private static String domainPath(String host) {
        return "api/v1/domains/" + host;
    }

    private static String linkPath(String code) {
        return "api/v1/links/" + code;
    }

    private static String keyPath(long id) {
        return "api/v1/keys/" + id;
    }

    /** A domain's create body: the host and these other members (JSON, comma-separated; none when empty). */
    private static String domainBody(String host, String fields) {
        return "{\"host\":\"" + host + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    /** The three URL members of a domain. */
    private static String urls(String rootUrl, String notFoundUrl, String fallbackUrl) {
        return member("rootUrl", rootUrl) + "," + member("notFoundUrl", notFoundUrl) + ","
                + member("fallbackUrl", fallbackUrl);
    }

    /** A link's create body: the URL and these other members (JSON, comma-separated; none when empty). */
    private static String body(String url, String fields) {
        return "{\"url\":\"" + url + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    /** A key's create body: a name of its own and these other members (none when empty). */
    private static String keyBody(String fields) {
        return "{\"name\":\"" + unique("domains-key") + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
    }

    private static String domainMember(String host) {
        return member("domain", host);
    }

    private static String domainsMember(String... hosts) {
        return "\"domains\":" + Json.createArrayBuilder(List.of(hosts)).build();
    }

    private static String fallbackUrl(String url) {
        return member("fallbackUrl", url);
    }

    private static String member(String name, String value) {
        return "\"" + name + "\":" + quoted(value);
    }

    private static String quoted(String value) {
        return "\"" + value + "\"";
    }

    /** A word no other test (or run) uses. */
    private static String unique(String word) {
        return word + "-" + Long.toString(SERIAL.incrementAndGet(), 36);
    }

    private static String uniqueUrl(String word) {
        return "https://example.com/domains/" + unique(word);
    }

    /** A URL whose path holds the marker, so that {@link #linksMarked} finds it. */
    private static String markedUrl(String marker, String word) {
        return "https://example.com/domains/" + marker + "/" + unique(word);
    }
}
