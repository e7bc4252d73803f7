/** Fuxi: a self-hosted URL shortener. One package per component, each split into boundary, control and entity. */
package io.fuxi;
