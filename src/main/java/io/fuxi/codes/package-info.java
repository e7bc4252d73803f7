/**
 * The code pool: a table of pre-shuffled 6-character base62 codes keyed by a dense sequence number, the
 * batch generator that fills it, and the allocator that hands codes out from blocks reserved in one step.
 */
package io.fuxi.codes;
