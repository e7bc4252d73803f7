package io.fuxi.redirect.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fuxi.codes.boundary.CodeShape;
import io.fuxi.platform.web.ReservedPaths;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Weld's context mapping in web.xml (ADR 25): contexts for every path but one a redirect answers. */
class RedirectPathsWithoutContextsTest {

    private static final String MAPPING = "org.jboss.weld.context.mapping";
    private static final String CODE_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

    private static Pattern withContexts;

    @BeforeAll
    static void readWebXml() throws Exception {
        NodeList params = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("src/main/webapp/WEB-INF/web.xml").toFile())
                .getElementsByTagName("context-param");
        for (int i = 0; i < params.getLength(); i++) {
            Element param = (Element) params.item(i);
            if (text(param, "param-name").equals(MAPPING)) {
                withContexts = Pattern.compile(text(param, "param-value"));
            }
        }
        assertTrue(withContexts != null, "web.xml sets no " + MAPPING);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/abc123", "/abc123/", "/Zx8", "/spring-sale", "/a_twenty_char_alias", "/administrator"})
    void aPathThatCanBeACodeRunsWithoutContexts(String path) {
        assertFalse(withContexts.matcher(path).matches(), path);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/",
                "",
                "/admin",
                "/admin/",
                "/ADMIN/",
                "/Api",
                "/admin/index.xhtml",
                "/api/v1/links",
                "/favicon.ico",
                "/ab",
                "/a_twenty_one_chars_xx",
                "/abc123/stats",
                "/abc123\n",
                "/abc%20"
            })
    void everyOtherPathRunsWithThem(String path) {
        assertTrue(withContexts.matcher(path).matches(), path);
    }

    @Test
    void everyReservedSegmentKeepsTheContextsInAnyCase() {
        for (String word : ReservedPaths.words()) {
            for (String segment : new String[] {word, word.toUpperCase(Locale.ROOT)}) {
                assertTrue(withContexts.matcher("/" + segment).matches(), segment);
                assertTrue(withContexts.matcher("/" + segment + "/").matches(), segment);
            }
        }
    }

    @Test
    void exactlyThePathsTheRedirectServletTakesForACodeRunWithoutContexts() {
        SplittableRandom random = new SplittableRandom(25);
        for (int i = 0; i < 100_000; i++) {
            char[] segment = new char[random.nextInt(1, 24)];
            for (int j = 0; j < segment.length; j++) {
                segment[j] = random.nextInt(50) == 0 ? '.' : CODE_CHARACTERS.charAt(random.nextInt(64));
            }
            String code = new String(segment);
            boolean redirect = CodeShape.isCode(code) && !ReservedPaths.contains(code);
            assertEquals(!redirect, withContexts.matcher("/" + code).matches(), code);
            assertEquals(!redirect, withContexts.matcher("/" + code + "/").matches(), code);
        }
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent().trim();
    }
}
