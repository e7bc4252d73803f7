/** The hottest path: GET or HEAD /{code} answered from the link cache with a redirect, or a small error page. */
package io.fuxi.redirect;
