package io.fuxi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EmbeddedDatabaseTest {

    @Test
    void aFailedStartIsToldByMariaDbsFirstError() {
        String message = """
                Database does not seem to have started up correctly? Magic string not seen in 30000ms: : ready for \
                connections., last 100 lines of console:
                2026-11-25 11:47:05 0 [Note] Server socket created on IP: '127.0.0.1'.
                2026-11-25 11:47:05 0 [ERROR] Can't start server: Bind on TCP/IP port. Got error: 98: Address already in use
                2026-11-25 11:47:05 0 [ERROR] Do you already have another server running on port: 39999 ?
                2026-11-25 11:47:05 0 [ERROR] Aborting""";
        assertEquals(
                "Can't start server: Bind on TCP/IP port. Got error: 98: Address already in use",
                EmbeddedDatabase.firstError(message));
    }

    @Test
    void withoutAnErrorLineItIsTheMessagesFirstLine() {
        assertEquals(
                "Cannot run program: No such file",
                EmbeddedDatabase.firstError("Cannot run program: No such file\nmore"));
        assertEquals("no message", EmbeddedDatabase.firstError(null));
    }
}
