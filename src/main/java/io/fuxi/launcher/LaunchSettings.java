package io.fuxi.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The launcher's settings, from environment variables (the same names the application reads). */
record LaunchSettings(
        int httpPort,
        Path dataDir,
        Optional<String> externalDbUrl,
        int embeddedDbPort,
        String javaOptions,
        Duration startTimeout) {

    static LaunchSettings from(Map<String, String> env) {
        return new LaunchSettings(
                Integer.parseInt(env.getOrDefault("FUXI_HTTP_PORT", "8080")),
                Path.of(env.getOrDefault("FUXI_DATA_DIR", "data")).toAbsolutePath(),
                Optional.ofNullable(env.get("FUXI_DB_URL")).filter(url -> !url.isBlank()),
                Integer.parseInt(env.getOrDefault("FUXI_EMBEDDED_DB_PORT", "0")),
                env.getOrDefault("FUXI_JAVA_OPTS", "-Xmx512m"),
                Duration.ofSeconds(Long.parseLong(env.getOrDefault("FUXI_START_TIMEOUT_SECONDS", "300"))));
    }
}
