package io.fuxi.platform.terminal;

/**
 * Log lines meant for the person who ran the command. The run command (the launcher's {@code PayaraOutput}) shows
 * every line with {@link #MARK} on the terminal and sends all lines to the log file; a line for the terminal is one
 * line, a stage or something to act on (a generated secret, a cause of failure).
 */
public final class Terminal {

    public static final String MARK = "[fuxi] ";

    private Terminal() {}

    public static String line(String text) {
        return MARK + text;
    }
}
