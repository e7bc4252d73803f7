package io.fuxi.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** The launcher's settings, from environment variables (the same names the application reads). */
record LaunchSettings(
        String httpAddress,
        int httpPort,
        int keepAliveRequests,
        Path dataDir,
        Optional<String> externalDbUrl,
        int embeddedDbPort,
        int embeddedDbBufferPoolMb,
        String javaOptions,
        Duration startTimeout,
        long logFileLimitBytes,
        boolean clustered,
        boolean classDataSharing) {

    /**
     * The settings in these variables.
     *
     * @throws IllegalArgumentException naming the variable, in one sentence, when a number is no number or out of range
     */
    static LaunchSettings from(Map<String, String> env) {
        return new LaunchSettings(
                env.getOrDefault("FUXI_HTTP_ADDRESS", "0.0.0.0").trim(),
                (int) whole(env, "FUXI_HTTP_PORT", 8080, 1, 65535),
                keepAliveRequests(env),
                Path.of(env.getOrDefault("FUXI_DATA_DIR", "data")).toAbsolutePath(),
                Optional.ofNullable(env.get("FUXI_DB_URL")).filter(url -> !url.isBlank()),
                (int) whole(env, "FUXI_EMBEDDED_DB_PORT", 0, 0, 65535),
                (int) whole(
                        env, "FUXI_EMBEDDED_DB_BUFFER_POOL_MB", EmbeddedDatabase.defaultBufferPoolMb(), 16, 1 << 20),
                env.getOrDefault("FUXI_JAVA_OPTS", "-Xmx512m"),
                Duration.ofSeconds(whole(env, "FUXI_START_TIMEOUT_SECONDS", 300, 1, 86_400)),
                whole(env, "FUXI_LOG_FILE_MB", 50, 1, 1 << 20) << 20,
                Stream.of("FUXI_CLUSTER_MEMBERS", "FUXI_CLUSTER_DNS_QUERY")
                        .anyMatch(name -> !env.getOrDefault(name, "").isBlank()),
                !env.getOrDefault("FUXI_CLASS_DATA_SHARING", "true").trim().equalsIgnoreCase("false"));
    }

    /** Payara's value for no limit on the requests of a connection (its own default is 250). */
    static final int UNLIMITED_KEEP_ALIVE_REQUESTS = -1;

    /** Requests a client's connection may carry before Payara closes it: a whole number, or -1 for no limit. */
    private static int keepAliveRequests(Map<String, String> env) {
        String name = "FUXI_HTTP_KEEP_ALIVE_REQUESTS";
        if (env.getOrDefault(name, "").trim().equals("-1")) {
            return UNLIMITED_KEEP_ALIVE_REQUESTS;
        }
        return (int) whole(env, name, UNLIMITED_KEEP_ALIVE_REQUESTS, 1, Integer.MAX_VALUE, ", or -1 for no limit");
    }

    /** The variable's whole number, its default when it is unset or blank. */
    private static long whole(Map<String, String> env, String name, long defaultValue, long min, long max) {
        return whole(env, name, defaultValue, min, max, "");
    }

    /** {@link #whole(Map, String, long, long, long)}, with what else the variable takes said after the range. */
    private static long whole(
            Map<String, String> env, String name, long defaultValue, long min, long max, String otherwise) {
        String text = env.getOrDefault(name, "").trim();
        if (text.isEmpty()) {
            return defaultValue;
        }
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new IllegalArgumentException(String.format(
                Locale.ROOT,
                "%s is \"%s\": it takes a whole number from %,d to %,d%s.",
                name,
                text,
                min,
                max,
                otherwise));
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
