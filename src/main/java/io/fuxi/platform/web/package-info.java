/** HTTP facts every component shares: host names in their one stored form, and the paths the application keeps. */
package io.fuxi.platform.web;
