package io.fuxi.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on and the UDP sockets it has bound, read from Linux's /proc (the tests run on
 * Linux; elsewhere this fails rather than pass without looking).
 */
final class ListeningSockets {

    private static final String TCP_LISTEN = "0A";
    private static final String IPV4_MAPPED = "0000000000000000FFFF0000";

    private ListeningSockets() {}

    /** As "tcp 127.0.0.1:7800" or "udp 0.0.0.0:7500"; IPv6 addresses in /proc's hex. */
    static List<String> of(ProcessHandle process) {
        Set<String> inodes = socketInodes(process.pid());
        List<String> sockets = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            for (String[] fields : listening(table)) {
                if (fields.length >= 10 && inodes.contains(fields[9])) {
                    sockets.add(table.substring(0, 3) + " " + address(fields[1]));
                }
            }
        }
        return sockets;
    }

    /** Where any process listens on this TCP port, as "127.0.0.1:8080" or "[::]:8080". */
    static List<String> onTcpPort(int port) {
        List<String> addresses = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            for (String[] fields : listening(table)) {
                String address = address(fields[1]);
                if (address.endsWith(":" + port)) {
                    addresses.add(address);
                }
            }
        }
        return addresses;
    }

    /** The rows of /proc/net/TABLE as fields: for TCP the listening sockets only, for UDP every bound one. */
    private static List<String[]> listening(String table) {
        return lines(Path.of("/proc/net/" + table)).stream()
                .map(line -> line.trim().split("\\s+"))
                .filter(fields -> fields.length > 3 && (!table.startsWith("tcp") || fields[3].equals(TCP_LISTEN)))
                .toList();
    }

    private static Set<String> socketInodes(long pid) {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closed) {
                    // the descriptor closed while we looked
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the sockets of process " + pid, e);
        }
        return inodes;
    }

    /**
     * "0100007F:1E78" is 127.0.0.1:7800 (the IPv4 address little-endian), and so is IPv6's mapped form
     * "0000000000000000FFFF00000100007F:1E78"; other IPv6 addresses stay hex.
     */
    private static String address(String hex) {
        String[] parts = hex.split(":");
        int port = Integer.parseInt(parts[1], 16);
        String host = parts[0].startsWith(IPV4_MAPPED) ? parts[0].substring(IPV4_MAPPED.length()) : parts[0];
        if (host.length() != 8) {
            return (host.matches("0+") ? "[::]" : "[" + host + "]") + ":" + port;
        }
        long ip = Long.parseLong(host, 16);
        return (ip & 0xFF) + "." + (ip >> 8 & 0xFF) + "." + (ip >> 16 & 0xFF) + "." + (ip >> 24 & 0xFF) + ":" + port;
    }

    private static List<String> lines(Path table) {
        try {
            List<String> lines = Files.readAllLines(table);
            return lines.subList(1, lines.size());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + table, e);
        }
    }
}
