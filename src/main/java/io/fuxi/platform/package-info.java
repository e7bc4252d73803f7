/** What every component needs and none owns: the database, problem responses, the REST application, time. */
package io.fuxi.platform;
