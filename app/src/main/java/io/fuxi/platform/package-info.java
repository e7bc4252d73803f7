/**
 * What every component needs and none owns: the database, problem responses, the REST application, host names and
 * reserved paths, time. Depends on no component.
 */
package io.fuxi.platform;
