package io.fuxi.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Consumer;

/**
 * The valve that answers redirects (ADRs 26 and 56) and single creates (ADR 45) before Payara's web container does its
 * per-request work, and the log manager that keeps Payara Micro's log through a stop (ADR 57). The build compiles them
 * against the Catalina and Servlet jars inside payara-micro.jar and puts their jar beside the launcher (ADR 27); the
 * launcher copies it among the WAR's libraries of each unpacked runtime. Without it (a build that did not make it), the
 * launcher says so, the web container answers every request, as on a plain Payara Micro, and a stop's last records
 * may go unlogged.
 */
final class EarlyAnswerValveJar {

    /** The jar's name beside the launcher and among the WAR's libraries, on Payara's class path (ADR 22). */
    static final String JAR = "fuxi-early-answer-valve.jar";

    /** The class the virtual server is given (PayaraBootCommands). */
    static final String VALVE = "io.fuxi.valve.EarlyAnswerValve";

    /** The log manager in the same jar, which keeps the log's handlers through a stop (ADR 57). */
    static final String LOG_MANAGER = "io.fuxi.valve.LoggingUntilExit";

    private EarlyAnswerValveJar() {}

    /** The built jar's digest, or "none": the runtime's key names it, so that a changed valve is copied afresh. */
    static String describe(Path home) throws IOException {
        Path jar = home.resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            return "none";
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the built valve into the root's libraries; false, having said why, when the build did not make it. */
    static boolean copy(Path home, Path root, Consumer<String> log) throws IOException {
        Path jar = home.resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            log.accept("[fuxi] No " + JAR + " beside the launcher (mvn package makes it): redirects and single"
                    + " creates go through the web container (ADRs 26 and 45)");
            return false;
        }
        Files.copy(jar, root.resolve(PayaraRuntime.LIBRARIES).resolve(JAR), StandardCopyOption.REPLACE_EXISTING);
        return true;
    }
}
