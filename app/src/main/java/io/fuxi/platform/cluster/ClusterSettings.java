package io.fuxi.platform.cluster;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How this node finds the others: alone (the default: no cluster traffic at all), from a static member list, or by
 * a DNS query (Kubernetes' headless services). Nodes must share a secret to join; it also encrypts their traffic.
 *
 * @param members the other nodes and this one, as host:port (fuxi.cluster.members)
 * @param dnsQuery a DNS name whose A records are the nodes (fuxi.cluster.dns-query)
 * @param bindAddress the only address the cluster sockets listen on (fuxi.cluster.bind-address)
 * @param port this node's cluster port (fuxi.cluster.port)
 * @param secret the shared secret (fuxi.cluster.secret)
 * @param name nodes join only a cluster of the same name (fuxi.cluster.name)
 */
public record ClusterSettings(
        List<InetSocketAddress> members,
        Optional<String> dnsQuery,
        String bindAddress,
        int port,
        Optional<String> secret,
        String name) {

    static final int MIN_SECRET_LENGTH = 16;

    /** Reads the settings as configured; a setting that cannot work is refused with a sentence naming its key. */
    public static ClusterSettings of(
            String members, String dnsQuery, String bindAddress, int port, String secret, String name) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("fuxi.cluster.port must be between 1 and 65535, not " + port);
        }
        ClusterSettings settings = new ClusterSettings(
                parseMembers(members), nonBlank(dnsQuery), bindAddress.trim(), port, nonBlank(secret), name.trim());
        if (settings.isClustered() && settings.secret().map(String::length).orElse(0) < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException("fuxi.cluster.secret must be set, at least " + MIN_SECRET_LENGTH
                    + " characters and the same on every node, when fuxi.cluster.members or"
                    + " fuxi.cluster.dns-query is set");
        }
        if (!settings.members().isEmpty() && settings.dnsQuery().isPresent()) {
            throw new IllegalArgumentException("set fuxi.cluster.members or fuxi.cluster.dns-query, not both");
        }
        return settings;
    }

    /** How the other nodes and the logs call this one. */
    public String nodeName() {
        return bindAddress + ":" + port;
    }

    /** Whether this node looks for others at all. */
    public boolean isClustered() {
        return !members.isEmpty() || dnsQuery.isPresent();
    }

    static List<InetSocketAddress> parseMembers(String members) {
        List<InetSocketAddress> parsed = new ArrayList<>();
        for (String member : members.split(",")) {
            String trimmed = member.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            int colon = trimmed.lastIndexOf(':');
            if (colon <= 0 || colon == trimmed.length() - 1) {
                throw new IllegalArgumentException("fuxi.cluster.members lists host:port pairs separated by commas; \""
                        + trimmed + "\" is not one");
            }
            parsed.add(InetSocketAddress.createUnresolved(
                    trimmed.substring(0, colon), port(trimmed.substring(colon + 1), trimmed)));
        }
        return List.copyOf(parsed);
    }

    private static int port(String port, String member) {
        try {
            int parsed = Integer.parseInt(port);
            if (parsed >= 1 && parsed <= 65535) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("fuxi.cluster.members: \"" + member + "\" has no valid port");
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }
}
