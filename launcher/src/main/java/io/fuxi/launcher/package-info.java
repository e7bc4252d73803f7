/**
 * The run command: starts an embedded MariaDB (unless FUXI_DB_URL names a database) and Payara Micro with the
 * Fuxi WAR, and stops both on Ctrl-C or SIGTERM. Packed into fuxi-launcher.jar (a module of its own), never into the WAR.
 */
package io.fuxi.launcher;
