package io.fuxi.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What PasswordHashing adds to Jakarta Security's PBKDF2, which the container provides (Payara's Soteria): its
 * parameters, and the decoy hash that makes an unknown account cost as much as a known one. The PBKDF2 here is a
 * stand-in that records its calls; the real one signs in through the console in AdminConsoleIT.
 */
class PasswordHashingTest {

    private final RecordingPbkdf2 pbkdf2 = new RecordingPbkdf2();
    private final PasswordHashing passwords = new PasswordHashing();

    @BeforeEach
    void start() {
        passwords.pbkdf2 = pbkdf2;
        passwords.configure();
    }

    /** OWASP's 2023 floor for PBKDF2-HMAC-SHA512 (docs/adr/0009); raising it later needs no migration. */
    @Test
    void hashesAreSha512WithAtLeast210000IterationsAndALongSalt() {
        assertEquals("PBKDF2WithHmacSHA512", pbkdf2.parameters.get("Pbkdf2PasswordHash.Algorithm"));
        assertTrue(Integer.parseInt(pbkdf2.parameters.get("Pbkdf2PasswordHash.Iterations")) >= 210_000);
        assertTrue(Integer.parseInt(pbkdf2.parameters.get("Pbkdf2PasswordHash.SaltSizeBytes")) >= 16);
    }

    @Test
    void aPasswordMatchesTheHashOfItselfOnly() {
        String stored = passwords.hash("correct horse battery staple");

        assertTrue(passwords.matches("correct horse battery staple", Optional.of(stored)));
        assertFalse(passwords.matches("correct horse battery stapler", Optional.of(stored)));
    }

    @Test
    void anUnknownAccountNeverSignsInWhateverThePassword() {
        pbkdf2.acceptsAnything = true;

        assertFalse(passwords.matches("anything", Optional.empty()));
    }

    /** So that the time of an answer does not tell which accounts exist. */
    @Test
    void anUnknownAccountCostsAFullCheckAgainstARealHash() {
        String stored = passwords.hash("correct horse battery staple");
        passwords.matches("a guess", Optional.of(stored));
        passwords.matches("a guess", Optional.empty());

        assertEquals(2, pbkdf2.verified.size(), "one check for a known account, one for an unknown one");
        assertEquals(stored, pbkdf2.verified.get(0));
        assertTrue(pbkdf2.generated.contains(pbkdf2.verified.get(1)), "the decoy is a hash made like any other");
    }

    @Test
    void theDecoyIsMadeAtTheFirstCheckNotAtTheStartAndOnlyOnce() {
        String stored = passwords.hash("the generated first password");
        assertEquals(1, pbkdf2.generated.size(), "a first start hashes the generated account's password only");

        passwords.matches("a guess", Optional.of(stored));
        assertEquals(2, pbkdf2.generated.size(), "the first check makes it, even for a known account");

        passwords.matches("a guess", Optional.empty());
        passwords.matches("another guess", Optional.empty());
        assertEquals(2, pbkdf2.generated.size());
        assertEquals(pbkdf2.verified.get(1), pbkdf2.verified.get(2), "every unknown account meets the same decoy");
    }

    /** Makes "hash:<n>:<password>" and records what it is asked. */
    private static final class RecordingPbkdf2 implements Pbkdf2PasswordHash {

        Map<String, String> parameters = Map.of();
        final List<String> generated = new ArrayList<>();
        final List<String> verified = new ArrayList<>();
        boolean acceptsAnything;

        @Override
        public void initialize(Map<String, String> parameters) {
            this.parameters = Map.copyOf(parameters);
        }

        @Override
        public String generate(char[] password) {
            String hash = "hash:" + generated.size() + ":" + new String(password);
            generated.add(hash);
            return hash;
        }

        @Override
        public boolean verify(char[] password, String hashedPassword) {
            verified.add(hashedPassword);
            return acceptsAnything
                    || (generated.contains(hashedPassword) && hashedPassword.endsWith(":" + new String(password)));
        }
    }
}
