package io.fuxi.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Set;

/** Jakarta Security's view of the console accounts: a name and password give the account's one role as its group. */
@ApplicationScoped
public class AdminIdentityStore implements IdentityStore {

    @Inject
    AdminAccounts accounts;

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (!(credential instanceof UsernamePasswordCredential given)) {
            return CredentialValidationResult.NOT_VALIDATED_RESULT;
        }
        String username = given.getCaller();
        return accounts.signIn(username, given.getPasswordAsString())
                .map(role -> new CredentialValidationResult(username, Set.of(role.roleName())))
                .orElse(CredentialValidationResult.INVALID_RESULT);
    }
}
