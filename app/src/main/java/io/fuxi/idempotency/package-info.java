/** Idempotent retries: a POST with an Idempotency-Key header runs once; its retries get the first answer. */
package io.fuxi.idempotency;
