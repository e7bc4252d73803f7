/**
 * Expiry: expired links leave the database in small batches, one node of the cluster at a time, and their codes
 * go back to the code pool once no cache can still serve the old link.
 */
package io.fuxi.expiry;
