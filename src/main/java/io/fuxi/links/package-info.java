/** Short links: the partner API that creates and reads them, and the rules a long URL and an alias must follow. */
package io.fuxi.links;
