package io.fuxi.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** The launcher's settings, from environment variables (the same names the application reads). */
record LaunchSettings(
        String httpAddress,
        int httpPort,
        Path dataDir,
        Optional<String> externalDbUrl,
        int embeddedDbPort,
        String javaOptions,
        Duration startTimeout,
        long logFileLimitBytes,
        boolean clustered,
        boolean classDataSharing) {

    static LaunchSettings from(Map<String, String> env) {
        return new LaunchSettings(
                env.getOrDefault("FUXI_HTTP_ADDRESS", "0.0.0.0").trim(),
                Integer.parseInt(env.getOrDefault("FUXI_HTTP_PORT", "8080")),
                Path.of(env.getOrDefault("FUXI_DATA_DIR", "data")).toAbsolutePath(),
                Optional.ofNullable(env.get("FUXI_DB_URL")).filter(url -> !url.isBlank()),
                Integer.parseInt(env.getOrDefault("FUXI_EMBEDDED_DB_PORT", "0")),
                env.getOrDefault("FUXI_JAVA_OPTS", "-Xmx512m"),
                Duration.ofSeconds(Long.parseLong(env.getOrDefault("FUXI_START_TIMEOUT_SECONDS", "300"))),
                Long.parseLong(env.getOrDefault("FUXI_LOG_FILE_MB", "50")) << 20,
                Stream.of("FUXI_CLUSTER_MEMBERS", "FUXI_CLUSTER_DNS_QUERY")
                        .anyMatch(name -> !env.getOrDefault(name, "").isBlank()),
                !env.getOrDefault("FUXI_CLASS_DATA_SHARING", "true").trim().equalsIgnoreCase("false"));
    }

    /** Why these settings cannot work, in one sentence, or empty. */
    Optional<String> refusal() {
        if (!isAddressOfThisMachine(httpAddress)) {
            return Optional.of("FUXI_HTTP_ADDRESS is \"" + httpAddress + "\", which is no address of this machine: use"
                    + " one of its IP addresses, 0.0.0.0 (every interface) or 127.0.0.1 (this machine only).");
        }
        if (clustered && externalDbUrl.isEmpty()) {
            return Optional.of("The nodes of a cluster share one database: set FUXI_DB_URL on each (an embedded"
                    + " database is one node's own).");
        }
        return Optional.empty();
    }

    private static boolean isAddressOfThisMachine(String address) {
        if (address.isEmpty()) {
            return false; // InetAddress would take it for the loopback address
        }
        try {
            InetAddress resolved = InetAddress.getByName(address);
            return resolved.isAnyLocalAddress() || NetworkInterface.getByInetAddress(resolved) != null;
        } catch (IOException unknown) {
            return false;
        }
    }
}
