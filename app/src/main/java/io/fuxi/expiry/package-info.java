/**
 * Expiry: expired links leave the database in small batches, one node of the cluster at a time (job_lease, which this
 * component owns), and their codes go back to the code pool once no cache can still serve the old link. Each batch is
 * one transaction on the purge's own JDBC connection: the lease renewal, the links component's deletion and the codes
 * component's hold commit together or not at all.
 */
package io.fuxi.expiry;
