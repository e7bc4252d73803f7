/**
 * The short domains a link may be bound to besides the default one (the host of fuxi.base-url), and where each sends
 * the requests for its bare root, for unknown codes and for links that do not answer. Every node holds them in memory
 * (Domains), reloaded after each change. Owns the domain table.
 */
package io.fuxi.domains;
