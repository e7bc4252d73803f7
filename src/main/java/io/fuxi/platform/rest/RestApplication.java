package io.fuxi.platform.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The partner API lives under /api; the redirect is a servlet filter at the root, not part of it. */
@ApplicationPath("api")
public class RestApplication extends Application {}
