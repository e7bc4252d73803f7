/** Who may call the partner API: API keys (stored only as hashes), their roles, and the first key at first start. */
package io.fuxi.security;
