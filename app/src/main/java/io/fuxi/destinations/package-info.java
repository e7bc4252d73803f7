/** Destination safety: block-list and allow-list of hosts, applied to creates, edits and every redirect. */
package io.fuxi.destinations;
