package io.fuxi.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what Payara Micro prints: every line goes to the log file; the records the application meant for the terminal
 * (a message that begins with {@value #TERMINAL_MARK}) also go to the terminal, except a severe one: that is the cause
 * of a failed start, which the launcher says once. A generated secret in such a line (between {@value #SECRET_START}
 * and {@value #SECRET_END}) is shown on the terminal and left out of the log file. On the way it notes when Payara Micro has finished
 * booting (after its deployments, failed or not) and what the first severe record said, so that a start that failed
 * can say why in one sentence.
 */
final class PayaraOutput {

    /** What the application puts before a line meant for the person who ran the command. */
    static final String TERMINAL_MARK = "[fuxi] ";

    /** Around a generated secret in a line for the terminal (the application's {@code Terminal.secret}). */
    static final String SECRET_START = "<secret>";

    static final String SECRET_END = "</secret>";

    private static final Pattern SECRET =
            Pattern.compile(Pattern.quote(SECRET_START) + "(.*?)" + Pattern.quote(SECRET_END));
    private static final Pattern ANSI_COLOUR = Pattern.compile("\u001B\\[[;\\d]*m");
    private static final Pattern RECORD = Pattern.compile("^\\[\\d{4}-\\d\\d-\\d\\dT[^]]*] \\[[^]]*] \\[(\\w+)]");
    private static final Pattern MESSAGE = Pattern.compile("\\[levelValue: \\d+] (.*)$");
    private static final Pattern CAUSED_BY = Pattern.compile("^\\s*Caused by: [\\w.$]+: (.+)$");
    private static final Pattern BOOTED = Pattern.compile("Payara Micro .* ready in ");
    /** The first line of an exception's trace: its class and its message. */
    private static final Pattern EXCEPTION = Pattern.compile("^[\\w.$]+(?:Exception|Error): (.+)$");
    /** Payara Micro's last words when its own start failed (a port in use, say): it does not always exit. */
    private static final String GAVE_UP = "Shutting down server due to startup exception";

    private final LogFile log;
    /** Whether the application's lines for the terminal go there: not in the build's archive run (ADR 30). */
    private final boolean toTerminal;

    private volatile Thread reader;
    private volatile boolean booted;
    private volatile boolean gaveUp;
    private volatile String firstSevere;
    private volatile String deepestCause;
    private volatile String toldCause;
    private boolean inSevereRecord;
    private boolean severeMessagePending;

    PayaraOutput(LogFile log, boolean toTerminal) {
        this.log = log;
        this.toTerminal = toTerminal;
    }

    /** Reads the stream until it ends, on a thread of its own. */
    void follow(InputStream output) {
        reader = new Thread(
                () -> {
                    try (BufferedReader lines =
                            new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
                        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                            accept(line);
                        }
                    } catch (IOException ended) {
                        // Payara Micro is gone
                    }
                },
                "payara-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Waits, up to the given time, until the lines Payara Micro printed before it exited are in the log file: its
     * process may end before this reader has taken the last ones from the pipe.
     */
    void awaitEnd(long millis) throws InterruptedException {
        if (reader != null) {
            reader.join(millis);
        }
    }

    void accept(String raw) {
        String shown = ANSI_COLOUR.matcher(raw).replaceAll("");
        String line = shown.contains(SECRET_START)
                ? SECRET.matcher(shown).replaceAll("(a secret, shown on the terminal only)")
                : shown;
        log.line(line);
        Matcher message = MESSAGE.matcher(shown);
        if (message.find() && message.group(1).startsWith(TERMINAL_MARK)) {
            if (line.contains("[SEVERE]")) {
                toldCause = message.group(1).substring(TERMINAL_MARK.length()); // said once, by the launcher
            } else if (toTerminal) {
                System.out.println(SECRET.matcher(message.group(1)).replaceAll("$1"));
            }
        }
        if (BOOTED.matcher(line).find()) {
            booted = true;
        }
        if (line.contains(GAVE_UP)) {
            gaveUp = true;
        }
        noteSevere(line);
    }

    /** Payara Micro printed that it is ready: its deployments are done, whether or not they worked. */
    boolean booted() {
        return booted;
    }

    /** Payara Micro said that its own start failed: nothing more will come, even if its process lives on. */
    boolean gaveUp() {
        return gaveUp;
    }

    /**
     * The most telling words of the severe records so far: the cause the application gave for the terminal, else the
     * deepest cause of an exception, else the first severe message.
     */
    Optional<String> failure() {
        return Optional.ofNullable(toldCause)
                .or(() -> Optional.ofNullable(deepestCause))
                .or(() -> Optional.ofNullable(firstSevere));
    }

    private void noteSevere(String line) {
        Matcher record = RECORD.matcher(line);
        if (record.find()) {
            inSevereRecord = record.group(1).equals("SEVERE");
            if (inSevereRecord && firstSevere == null) {
                Matcher message = MESSAGE.matcher(line);
                String text = message.find() ? message.group(1).trim() : "";
                severeMessagePending = text.isEmpty() || text.equals("[[");
                if (!severeMessagePending) {
                    firstSevere = text;
                }
            }
            return;
        }
        if (!inSevereRecord) {
            return;
        }
        if (severeMessagePending && !line.isBlank()) {
            firstSevere = line.trim();
            severeMessagePending = false;
        }
        Matcher cause = CAUSED_BY.matcher(line);
        if (cause.find()) {
            deepestCause = cause.group(1).trim();
        } else if (deepestCause == null && (cause = EXCEPTION.matcher(line)).find()) {
            deepestCause = cause.group(1).trim(); // the exception itself, until a cause of it is found
        }
    }
}
