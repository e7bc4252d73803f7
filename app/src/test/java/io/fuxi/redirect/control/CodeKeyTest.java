package io.fuxi.redirect.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CodeKeyTest {

    private static final String CODE_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

    @Test
    void codesOfUpToTenCharactersAreLongsAndLongerOnesThemselves() {
        assertInstanceOf(Long.class, CodeKey.of("aB3"));
        assertInstanceOf(Long.class, CodeKey.of("Zx81Qa"));
        assertInstanceOf(Long.class, CodeKey.of("spring-_25"));
        assertEquals("spring-sale", CodeKey.of("spring-sale"));
        assertEquals("a-twenty-letter-code", CodeKey.of("a-twenty-letter-code"));
    }

    @Test
    void aTextThatIsNoCodeIsItsOwnKey() {
        assertEquals("a.b", CodeKey.of("a.b"));
        assertEquals("ab ", CodeKey.of("ab "));
    }

    @Test
    void theSameCodeGivesAnEqualKey() {
        assertEquals(CodeKey.of("Zx81Qa"), CodeKey.of(new String("Zx81Qa".toCharArray())));
        assertEquals(CodeKey.of("spring-sale"), CodeKey.of(new String("spring-sale".toCharArray())));
    }

    @Test
    void codesThatDifferInCaseOrLengthOrOneCharacterGetDifferentKeys() {
        assertNotEquals(CodeKey.of("abc123"), CodeKey.of("ABC123"));
        assertNotEquals(CodeKey.of("000"), CodeKey.of("0000"));
        assertNotEquals(CodeKey.of("a-b"), CodeKey.of("a_b"));
        assertNotEquals(CodeKey.of("__________"), CodeKey.of("_________"));
    }

    @Test
    void everyThreeCharacterCodeHasAKeyOfItsOwn() {
        Map<Object, String> codes = new HashMap<>();
        for (char a : CODE_CHARACTERS.toCharArray()) {
            for (char b : CODE_CHARACTERS.toCharArray()) {
                for (char c : CODE_CHARACTERS.toCharArray()) {
                    String code = "" + a + b + c;
                    assertEquals(null, codes.put(CodeKey.of(code), code), code);
                }
            }
        }
        assertEquals(64 * 64 * 64, codes.size());
    }

    @Test
    void randomCodesOfThreeToTwentyCharactersShareAKeyOnlyWhenTheyAreEqual() {
        SplittableRandom random = new SplittableRandom(12);
        Map<Object, String> codes = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            char[] code = new char[random.nextInt(3, 21)];
            for (int j = 0; j < code.length; j++) {
                code[j] = CODE_CHARACTERS.charAt(random.nextInt(CODE_CHARACTERS.length()));
            }
            String text = new String(code);
            String before = codes.put(CodeKey.of(text), text);
            if (before != null) {
                assertEquals(before, text);
            }
        }
    }
}
