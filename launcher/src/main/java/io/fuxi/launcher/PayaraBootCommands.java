package io.fuxi.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The asadmin commands Payara Micro runs before it boots (--prebootcommandfile), written into the data directory at
 * each start: the HTTP listener on FUXI_HTTP_ADDRESS only, no Server header naming the platform, Grizzly's
 * leader-follower IO strategy (ADR 19), and as many requests a connection as FUXI_HTTP_KEEP_ALIVE_REQUESTS says (ADR
 * 33). The integration tests' Arquillian deployments run the first three (TestDatabaseSession writes them for
 * 127.0.0.1) and keep Payara's limit of 250 requests a connection. Where the launcher compiled the valve that answers redirects
 * (ADR 26), a second file names it, for Payara to run once it has booted (--postbootcommandfile). The launcher's
 * listener stays closed until a third file opens it, once Fuxi is deployed (--postdeploycommandfile, ADR 31).
 */
public final class PayaraBootCommands {

    private static final String HTTP = "configs.config.server-config.network-config.";

    private PayaraBootCommands() {}

    /**
     * Writes the commands for these settings into the data directory and answers the file's path. The HTTP listener
     * is left closed: {@link #writeAfterDeploy} opens it once Fuxi is deployed.
     */
    static Path write(LaunchSettings settings) throws IOException {
        Path file = settings.dataDir().resolve("payara-preboot.asadmin");
        List<String> commands = new ArrayList<>(commands(settings.httpAddress()));
        commands.add(keepAliveRequests(settings.keepAliveRequests()));
        commands.add(listenerEnabled(false));
        Files.write(file, commands);
        return file;
    }

    /**
     * Writes the command that opens the HTTP listener, for Payara to run once Fuxi is deployed
     * (--postdeploycommandfile). Opened at the boot, the listener answered the links 404 while Fuxi was being deployed
     * (the container's own answer, for seconds, ADR 31), then 500 while its servlets started: a client now finds the
     * port closed until Fuxi can answer, as it would a stopped node, and a load balancer sends it elsewhere.
     */
    static Path writeAfterDeploy(LaunchSettings settings) throws IOException {
        Path file = settings.dataDir().resolve("payara-postdeploy.asadmin");
        Files.write(file, List.of("# Written by the launcher at each start; edits are lost", listenerEnabled(true)));
        return file;
    }

    /**
     * Payara closes a client's connection after 250 requests by default, and every connection it closes stays in the
     * heap for many seconds: under a load of redirects over a few kept-alive connections, the connections closed made
     * most of what the young collections copied (ADR 33).
     */
    static String keepAliveRequests(int requests) {
        return "set " + HTTP + "protocols.protocol.http-listener.http.max-connections=" + requests;
    }

    private static String listenerEnabled(boolean enabled) {
        return "set " + HTTP + "network-listeners.network-listener.http-listener.enabled=" + enabled;
    }

    /**
     * Writes the command that names the early-answer valve (ADRs 26 and 45) into the data directory, to run once Payara has booted:
     * named before the boot, the valve makes Payara start its web container and security service during the boot.
     */
    static Path writeAfterBoot(LaunchSettings settings) throws IOException {
        Path file = settings.dataDir().resolve("payara-postboot.asadmin");
        Files.write(
                file,
                List.of(
                        "# Written by the launcher at each start; edits are lost",
                        "set configs.config.server-config.http-service.virtual-server.server.property.valve_1="
                                + EarlyAnswerValveJar.VALVE));
        return file;
    }

    /** Writes the commands for a listener on this address into the file. */
    public static void write(Path file, String httpAddress) throws IOException {
        Files.write(file, commands(httpAddress));
    }

    private static List<String> commands(String httpAddress) {
        return List.of(
                "# Written by the launcher at each start; edits are lost (see FUXI_HTTP_ADDRESS in the README)",
                "set " + HTTP + "network-listeners.network-listener.http-listener.address=" + httpAddress,
                "set " + HTTP + "protocols.protocol.http-listener.http.server-header=false",
                "set " + HTTP + "transports.transport.tcp.io-strategy="
                        + "org.glassfish.grizzly.strategies.LeaderFollowerNIOStrategy");
    }
}
