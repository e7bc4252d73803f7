/**
 * URL search: the word index (link_word) kept in step with the links in their own transactions, the search term, the
 * search that reads only the rarest word's links, and the migration that indexed the links from before the index.
 */
package io.fuxi.links.search;
