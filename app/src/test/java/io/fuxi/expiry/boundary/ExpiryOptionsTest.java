package io.fuxi.expiry.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ExpiryOptionsTest {

    @Test
    void aRecycledCodeWaitsAtLeastAsLongAsACacheMayServeItsOldLink() {
        assertEquals(Duration.ofSeconds(330), ExpiryOptions.recycleDelay(Duration.ZERO, Duration.ofSeconds(330)));
        assertEquals(
                Duration.ofSeconds(330), ExpiryOptions.recycleDelay(Duration.ofSeconds(329), Duration.ofSeconds(330)));
        assertEquals(Duration.ofDays(1), ExpiryOptions.recycleDelay(Duration.ofDays(1), Duration.ofSeconds(330)));
    }
}
