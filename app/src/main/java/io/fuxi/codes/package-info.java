/**
 * The code pool: a table of pre-shuffled 6-character base62 codes keyed by a dense sequence number, the batch
 * generator that fills it, the allocator that hands codes out from blocks reserved in one step, and the recycling of
 * purged links' codes. Owns code_pool, code_pool_state, code_batch and recycled_code. The generator and the recycler
 * commit chunk by chunk on a JDBC connection of their own, under a database lock; {@code CodeRecycling.hold} works in
 * the caller's transaction on the caller's connection and never commits.
 */
package io.fuxi.codes;
