package io.fuxi.links.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SearchTermTest {

    @Test
    void partsAreSplitAtWhiteSpaceAndWordsAtEverythingElse() {
        SearchTerm term = SearchTerm.of("  Shop7.Example   item/4 ");
        assertEquals(List.of("shop7.example", "item/4"), term.parts());
        assertEquals(List.of("shop7", "example", "item", "4"), List.copyOf(term.words()));
        assertTrue(term.canMatch());
    }

    @Test
    void aTermWithoutWordsOrWithCharactersNoUrlHasMatchesNothing() {
        assertFalse(SearchTerm.of("%").canMatch());
        assertFalse(SearchTerm.of("/-/").canMatch());
        assertFalse(SearchTerm.of("   ").canMatch());
        assertFalse(SearchTerm.of("bücher").canMatch(), "stored URLs are percent-encoded ASCII");
        assertFalse(SearchTerm.of("a\u0000b").canMatch());
    }

    @Test
    void everyWordMustBeginAWordOfTheUrl() {
        assertTrue(SearchTerm.of("shop7 ex item 4").wordsBegin("https://shop70.example/item/42"));
        assertFalse(SearchTerm.of("hop7").wordsBegin("https://shop7.example/"));
        assertFalse(SearchTerm.of("shop7 basket").wordsBegin("https://shop7.example/item"));
        assertTrue(SearchTerm.of("caf").wordsBegin("https://example.com/caf%C3%A9"));
        assertFalse(SearchTerm.of("c3").wordsBegin("https://example.com/caf%C3%A9"), "escapes are no words");
    }

    @Test
    void aWordFollowedByMoreOfItsPartMustBeAWholeWordOfTheUrl() {
        SearchTerm term = SearchTerm.of("shop7.ex item/4");
        assertEquals(Set.of("shop7", "item"), term.wholeWords());
        assertTrue(term.wordsBegin("https://shop7.example/item/42"));
        assertFalse(term.wordsBegin("https://shop70.example/item/42"), "shop70 is not shop7");
        assertFalse(term.wordsBegin("https://shop7.example/items/42"), "items is not item");
        assertEquals(Set.of("caf"), SearchTerm.of("caf%C3").wholeWords(), "an escape ends a word");
        assertEquals(Set.of(), SearchTerm.of("x" + "y".repeat(40) + ".z").wholeWords(), "a word cut short is a prefix");
        assertEquals(Set.of("shop"), SearchTerm.of("shop shop.x").wholeWords(), "whole once is whole");
    }

    @Test
    void aLongTermKeepsItsFirstWords() {
        SearchTerm term = SearchTerm.of("a b c d e f g h i j k");
        assertEquals(Set.of("a", "b", "c", "d", "e", "f", "g", "h"), term.words());
        assertEquals(11, term.parts().size());
    }
}
