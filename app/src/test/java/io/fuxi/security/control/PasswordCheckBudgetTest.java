package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PasswordCheckBudgetTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final PasswordCheckBudget budget = new PasswordCheckBudget(1, nanos::get);

    @Test
    void afterABurstOfTenChecksRunAtTheRateAllowed() {
        for (int i = 0; i < 10; i++) {
            int check = i;
            assertEquals(Optional.of(check), budget.run(() -> check), "the burst");
        }
        assertTrue(budget.run(() -> "checked").isEmpty(), "the eleventh at once is not run");
        nanos.addAndGet(999_000_000L);
        assertTrue(budget.run(() -> "checked").isEmpty(), "one a second: not before a second");
        nanos.addAndGet(1_000_000L);
        assertEquals(Optional.of("checked"), budget.run(() -> "checked"));
        assertTrue(budget.run(() -> "checked").isEmpty());
    }

    @Test
    void aCheckDoesNotStartWhileAnotherRuns() {
        Optional<Optional<String>> nested = budget.run(() -> budget.run(() -> "second"));
        assertEquals(Optional.of(Optional.empty()), nested, "one at a time");
        assertEquals(Optional.of("third"), budget.run(() -> "third"), "free again once the first is done");
    }
}
