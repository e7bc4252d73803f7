package io.fuxi.valve;

import java.util.logging.Formatter;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;

/**
 * The JDK's log manager, except that the JVM's stop does not take the log's handlers away (ADR 57). The JDK resets its
 * log manager in a shutdown hook of its own, which runs beside Payara Micro's: what the application logged while it
 * stopped (the last click flush, a warning that clicks were left unwritten) reached no handler once that reset had run,
 * and it usually ran first. This one keeps the handlers through the stop; the console handler writes each record out as
 * it comes, and its stream closes with the process. Every other reset (Payara's reading of its logging configuration)
 * happens as before. The launcher names it with {@code -Djava.util.logging.manager}; the JVM loads it from the class
 * path, where the launcher puts this jar.
 */
public final class LoggingUntilExit extends LogManager {

    /** The JDK's shutdown hook that resets the log manager (a private class of LogManager). */
    private static final String SHUTDOWN_RESET = LogManager.class.getName() + "$Cleaner";

    /** Payara Micro's shutdown hook, which gives its logger a console handler of its own for its last words. */
    private static final String PAYARA_SHUTDOWN = "Payara Micro Shutdown Hook";

    private static final String CONSOLE_FORMATTER = "java.util.logging.ConsoleHandler.formatter";

    @Override
    public void reset() {
        if (!Thread.currentThread().getClass().getName().equals(SHUTDOWN_RESET)) {
            super.reset();
        }
    }

    /**
     * The configuration, except for the console handler that Payara's shutdown hook makes: with the handlers kept,
     * the root logger's handler writes Payara's last records already, and the second handler's formatter would ask
     * Payara's service locator for the product's name after it has shut down, writing a formatting error with a stack
     * trace for "Payara Micro STOPPED". That handler writes nothing.
     */
    @Override
    public String getProperty(String name) {
        if (name.equals(CONSOLE_FORMATTER) && Thread.currentThread().getName().equals(PAYARA_SHUTDOWN)) {
            return Silent.class.getName();
        }
        return super.getProperty(name);
    }

    /** Formats every record as nothing. */
    public static final class Silent extends Formatter {

        @Override
        public String format(LogRecord record) {
            return "";
        }
    }
}
