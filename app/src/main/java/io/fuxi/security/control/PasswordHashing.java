package io.fuxi.security.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Console passwords, hashed with Jakarta Security's PBKDF2 (see docs/adr/0009-admin-console-sign-in.md for the
 * parameters). A stored hash names its own algorithm and iterations, so raising them later needs no migration. An
 * unknown account is checked against a hash of a random password, so that it takes as long as a known one and the
 * time of an answer does not tell which accounts exist.
 */
@ApplicationScoped
public class PasswordHashing {

    static final Map<String, String> PARAMETERS = Map.of(
            "Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA512",
            "Pbkdf2PasswordHash.Iterations", "210000",
            "Pbkdf2PasswordHash.SaltSizeBytes", "32",
            "Pbkdf2PasswordHash.KeySizeBytes", "64");

    @Inject
    Pbkdf2PasswordHash pbkdf2;

    /** Made at the first check, not at the start: a first start hashes the generated account's password only. */
    private String unknownAccount;

    @PostConstruct
    void configure() {
        pbkdf2.initialize(PARAMETERS);
    }

    public String hash(String password) {
        return pbkdf2.generate(password.toCharArray());
    }

    /** Whether the password matches the stored hash; always false, after the same work, when there is none. */
    public boolean matches(String password, Optional<String> stored) {
        String unknown = unknownAccount(); // made by the first check, whichever it is, so that its time tells nothing
        boolean matches = pbkdf2.verify(password.toCharArray(), stored.orElse(unknown));
        return matches && stored.isPresent();
    }

    private synchronized String unknownAccount() {
        if (unknownAccount == null) {
            unknownAccount = pbkdf2.generate(UUID.randomUUID().toString().toCharArray());
        }
        return unknownAccount;
    }
}
