package io.fuxi.clicks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BotPatternsTest {

    private static final String FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    private static final String CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36"
            + " (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36";
    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15"
            + " (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
    private static final String ANDROID = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/138.0.0.0 Mobile Safari/537.36";

    @Test
    void theBundledListKnowsCommonCrawlersAndLetsBrowsersThrough() {
        BotPatterns bots = BotPatterns.bundled();

        assertTrue(bots.size() > 1_000, "about 1,500 patterns, found " + bots.size());
        for (String bot : List.of(
                "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
                "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
                "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
                "curl/8.5.0",
                "python-requests/2.32.3",
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0"
                        + " Safari/537.36")) {
            assertTrue(bots.isBot(bot), bot);
        }
        for (String person : List.of(FIREFOX, CHROME, IPHONE, ANDROID)) {
            assertFalse(bots.isBot(person), person);
        }
    }

    /** No browser sends none. */
    @Test
    void noAgentOrABlankOneIsABot() {
        BotPatterns bots = new BotPatterns(List.of("Googlebot"));

        assertTrue(bots.isBot(null));
        assertTrue(bots.isBot(""));
        assertTrue(bots.isBot("  "));
    }

    @Test
    void plainPatternsAreFoundAnywhereAndTheOthersAreRegularExpressions() {
        BotPatterns bots = new BotPatterns(List.of("Googlebot", "^curl", "[wW]get/[0-9]"));

        assertEquals(3, bots.size());
        assertTrue(bots.isBot("Mozilla/5.0 (compatible; Googlebot/2.1)"));
        assertTrue(bots.isBot("curl/8.5.0"));
        assertFalse(bots.isBot("Mozilla/5.0 (not curl)"), "^ holds to the start of the agent");
        assertTrue(bots.isBot("Wget/1.21.4"));
        assertTrue(bots.isBot("GNU wget/1.21.4"));
        assertFalse(bots.isBot(FIREFOX));
    }

    @Test
    void aPatternJavaCannotReadIsSkippedAndTheRestStillWork() {
        BotPatterns bots = new BotPatterns(List.of("Googlebot", "unclosed[group", "^curl"));

        assertEquals(2, bots.size());
        assertTrue(bots.isBot("Googlebot/2.1"));
        assertTrue(bots.isBot("curl/8.5.0"));
        assertFalse(bots.isBot(FIREFOX));
    }

    /** A hostile agent of many kilobytes costs no more than a long one. */
    @Test
    void onlyTheStartOfALongAgentIsLookedAt() {
        BotPatterns bots = new BotPatterns(List.of("Googlebot", "Crawler-[0-9]+"));
        String filler = "x".repeat(BotPatterns.MAX_AGENT_LENGTH - "Googlebot".length());

        assertTrue(bots.isBot(filler + "Googlebot"), "within the first " + BotPatterns.MAX_AGENT_LENGTH);
        assertFalse(bots.isBot(filler + "xGooglebot"), "one character beyond them");
        assertFalse(bots.isBot("x".repeat(BotPatterns.MAX_AGENT_LENGTH) + "Crawler-7"));
    }

    @Test
    void aRepeatedAgentGetsTheSameAnswerAfterTheRememberedOnesAreDropped() {
        BotPatterns bots = new BotPatterns(List.of("Googlebot"));
        for (int asked = 0; asked < 2; asked++) {
            assertTrue(bots.isBot("Googlebot/2.1"));
            assertFalse(bots.isBot(FIREFOX));
        }
        for (int i = 0; i <= BotPatterns.CACHE_SIZE; i++) {
            bots.isBot(FIREFOX + " " + i);
        }

        assertTrue(bots.isBot("Googlebot/2.1"));
        assertFalse(bots.isBot(FIREFOX));
    }
}
