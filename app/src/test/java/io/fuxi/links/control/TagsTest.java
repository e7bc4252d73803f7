package io.fuxi.links.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fuxi.platform.problem.InvalidFieldException;
import jakarta.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class TagsTest {

    @Test
    void tagsAreLowerCasedDeduplicatedAndKeptInOrder() {
        assertEquals(
                List.of("sale", "b-2", "x_y"),
                Tags.of(List.of("Sale", "b-2", "SALE", "x_y"), "tags").values());
    }

    @Test
    void aTagIsOneToFortyOfLettersDigitsDashAndUnderscore() {
        Tags.checked("a".repeat(40), "tags");
        for (String bad : new String[] {"", "a".repeat(41), "a b", "ü", "a.b", "a,b", "a|b", null}) {
            InvalidFieldException refused =
                    assertThrows(InvalidFieldException.class, () -> Tags.checked(bad, "addTags"), bad);
            assertEquals("addTags", refused.toProblem().field());
        }
    }

    @Test
    void aLinkHasAtMostTenDistinctTags() {
        List<String> ten = List.of("t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9");
        assertEquals(
                10,
                Tags.of(ten, "tags")
                        .plus(Tags.of(List.of("T0"), "x"), "addTags")
                        .values()
                        .size());
        InvalidFieldException refused = assertThrows(
                InvalidFieldException.class, () -> Tags.of(ten, "tags").plus(Tags.of(List.of("t10"), "x"), "addTags"));
        assertEquals("addTags", refused.toProblem().field());
    }

    @Test
    void onlyAnArrayOfStringsIsTags() {
        assertEquals(
                List.of("a", "b"),
                Tags.from(Json.createArrayBuilder().add("A").add("b").build(), "tags")
                        .values());
        for (String bad : new String[] {"\"a\"", "{}", "[1]", "[null]", "[[\"a\"]]"}) {
            assertThrows(
                    InvalidFieldException.class,
                    () -> Tags.from(
                            Json.createReader(new java.io.StringReader(bad)).readValue(), "tags"),
                    bad);
        }
    }

    @Test
    void theRowKeepsThemSeparatedBySpacesAndNullForNone() {
        Tags tags = Tags.of(List.of("a", "b"), "tags");
        assertEquals("a b", tags.column());
        assertEquals(tags, Tags.stored("a b"));
        assertNull(Tags.NONE.column());
        assertEquals(Tags.NONE, Tags.stored(null));
    }

    @Test
    void aPatchReplacesThenAddsThenRemoves() {
        Tags current = Tags.of(List.of("a", "b"), "tags");
        LinkPatch patch = LinkPatch.from(Json.createReader(
                        new java.io.StringReader("{\"removeTags\":[\"c\"],\"addTags\":[\"c\",\"d\"],\"tags\":[\"x\"]}"))
                .readValue());
        assertEquals(List.of("x", "d"), patch.tagsAfter(current).values());
        LinkPatch clear = LinkPatch.from(
                Json.createReader(new java.io.StringReader("{\"tags\":null}")).readValue());
        assertEquals(Tags.NONE, clear.tagsAfter(current));
        LinkPatch none =
                LinkPatch.from(Json.createReader(new java.io.StringReader("{}")).readValue());
        assertEquals(current, none.tagsAfter(current));
    }
}
