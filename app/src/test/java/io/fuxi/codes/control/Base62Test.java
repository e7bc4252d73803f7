package io.fuxi.codes.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Base62Test {

    @Test
    void encodesTheEndsOfTheSpace() {
        assertEquals("000000", Base62.encode(0));
        assertEquals("000001", Base62.encode(1));
        assertEquals("00000A", Base62.encode(10));
        assertEquals("00000a", Base62.encode(36));
        assertEquals("000010", Base62.encode(62));
        assertEquals("zzzzzz", Base62.encode(Base62.SPACE - 1));
    }

    @Test
    void decodeInvertsEncode() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            long value = random.nextLong(Base62.SPACE);
            assertEquals(value, Base62.decode(Base62.encode(value)));
        }
    }

    @Test
    void refusesValuesOutsideTheSpace() {
        assertThrows(IllegalArgumentException.class, () -> Base62.encode(-1));
        assertThrows(IllegalArgumentException.class, () -> Base62.encode(Base62.SPACE));
        assertThrows(IllegalArgumentException.class, () -> Base62.decode("abc"));
        assertThrows(IllegalArgumentException.class, () -> Base62.decode("abc-ef"));
    }
}
