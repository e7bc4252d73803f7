/**
 * The admin console at /admin: Faces pages and backing beans named after what an admin does. Beans hold no business
 * logic: they call the same boundaries as the partner API, so every change is validated once.
 */
package io.fuxi.admin;
