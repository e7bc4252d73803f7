package io.fuxi.links.boundary;

import io.fuxi.destinations.boundary.DestinationRules;
import io.fuxi.domains.boundary.DomainView;
import io.fuxi.domains.boundary.Domains;
import io.fuxi.links.control.AliasPolicy;
import io.fuxi.links.control.LinkLifetime;
import io.fuxi.links.control.LinkOptions;
import io.fuxi.links.control.LinkRequest;
import io.fuxi.links.control.UrlPolicy;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.platform.web.HostName;
import io.fuxi.security.boundary.Caller;
import io.fuxi.security.boundary.LinkPasswords;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/** The rules a new link or a changed URL must pass, checked before any code is taken or any row touched. */
@ApplicationScoped
public class LinkRules {

    @Inject
    BeanManager beans;

    @Inject
    LinkOptions options;

    @Inject
    DestinationRules destinations;

    @Inject
    LinkPasswords passwords;

    @Inject
    Domains domains;

    /** The beans of the create path, held without their client proxies (ADR 53). */
    @PostConstruct
    void holdUnproxied() {
        destinations = Unproxied.of(beans, DestinationRules.class);
        domains = Unproxied.of(beans, Domains.class);
    }

    /** A create request checked against every rule, as of {@code now}. */
    public CheckedCreate check(Caller caller, LinkRequest request, Instant now) {
        String url = allowedUrl(request.url());
        Instant expiresAt =
                new LinkLifetime(options).expiresAt(request.expiresAt(), now).truncatedTo(ChronoUnit.MILLIS);
        Optional<Instant> validSince = request.validSince().map(since -> since.truncatedTo(ChronoUnit.MILLIS));
        validSince.ifPresent(since -> checkValidSince(since, expiresAt));
        return new CheckedCreate(
                caller,
                request,
                url,
                now,
                expiresAt,
                request.alias().map(AliasPolicy::check),
                validSince,
                request.fallbackUrl().map(this::allowedFallbackUrl),
                request.password().map(passwords::hash),
                allowedDomain(caller, request.domain()).id());
    }

    /** A start before the end: a link valid from {@code validSince} must not expire first. */
    public static void checkValidSince(Instant validSince, Instant expiresAt) {
        if (!validSince.isBefore(expiresAt)) {
            throw new InvalidFieldException(
                    "validSince", "validSince must be before the link expires (" + expiresAt + ")");
        }
    }

    /** A fallback URL as stored, if it passes the rules of a link's URL. */
    public String allowedFallbackUrl(String requested) {
        return allowedUrl(requested, "fallbackUrl");
    }

    /** The URL as stored, if its rules and the destination rules allow it. */
    public String allowedUrl(String requested) {
        String url = new UrlPolicy(options).normalize(requested);
        destinations.check(url);
        List<DomainView> others = domains.current().others(); // the default's host: UrlPolicy refuses it
        if (!others.isEmpty()) {
            HostName.ofUrl(url).ifPresent(host -> {
                for (DomainView own : others) {
                    if (HostName.isWithin(host, own.host())) {
                        throw new InvalidFieldException(
                                "url", "url must not lead to this shortener's domain " + own.host());
                    }
                }
            });
        }
        return url;
    }

    /** A URL as stored, if it passes the rules of a link's URL; a refusal names the field. */
    public String allowedUrl(String requested, String field) {
        try {
            return allowedUrl(requested);
        } catch (InvalidFieldException refused) {
            throw new InvalidFieldException(field, refused.toProblem().detail());
        }
    }

    /** The domain a caller asks to put a link on, if there is one and the caller may use it. */
    public DomainView allowedDomain(Caller caller, Optional<String> host) {
        DomainView domain = domains.named(host, "domain");
        caller.requireDomain(domain.host(), "domain");
        return domain;
    }
}
