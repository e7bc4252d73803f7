/**
 * Short links: the partner API that creates, reads, changes and deletes them, the rules a long URL and an alias
 * must follow, tags, and URL search (sub-package {@code search}). Owns link, link_tag, link_word, link_history and
 * link_census (a count by state every few minutes), and announces every change as an event. {@code ExpiredLinks}
 * deletes for the expiry purge in the purge's transaction, on its connection, and never commits.
 */
package io.fuxi.links;
