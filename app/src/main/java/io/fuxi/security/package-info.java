/**
 * Who may call the partner API: API keys (stored only as hashes), their roles, rate limits, the first key at first
 * start, and the caller of the current request, which other components inject.
 */
package io.fuxi.security;
