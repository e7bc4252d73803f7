/**
 * HTTP facts every component shares: host names in their one stored form, the paths the application keeps, and the
 * client's address behind trusted proxies.
 */
package io.fuxi.platform.web;
