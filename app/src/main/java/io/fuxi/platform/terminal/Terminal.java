package io.fuxi.platform.terminal;

/**
 * Log lines meant for the person who ran the command. The run command (the launcher's {@code PayaraOutput}) shows
 * every line with {@link #MARK} on the terminal and sends all lines to the log file; a line for the terminal is one
 * line, a stage or something to act on (a generated secret, a cause of failure). A generated secret is wrapped in
 * {@link #secret}: the terminal shows it, the log file never holds it.
 */
public final class Terminal {

    public static final String MARK = "[fuxi] ";

    private Terminal() {}

    /** Around a secret in a line for the terminal: the run command drops it from the log file's copy. */
    public static final String SECRET_START = "<secret>";

    public static final String SECRET_END = "</secret>";

    public static String line(String text) {
        return MARK + text;
    }

    /** A secret inside a line for the terminal (secrets hold no markup of their own). */
    public static String secret(String value) {
        return SECRET_START + value + SECRET_END;
    }
}
