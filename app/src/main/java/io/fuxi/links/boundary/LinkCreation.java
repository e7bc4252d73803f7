package io.fuxi.links.boundary;

import io.fuxi.links.control.CreateCounts;
import io.fuxi.links.control.LinkRequest;
import io.fuxi.platform.beans.Unproxied;
import io.fuxi.platform.problem.ProblemException;
import io.fuxi.platform.rest.ApiLocations;
import io.fuxi.platform.rest.JsonBody;
import io.fuxi.security.boundary.Caller;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Single creates: checked on the caller's thread, which needs no transaction (a plain bean, not an EJB, so a create
 * pays no EJB container on its way), then written by {@link CreateBatches} together with the creates that arrive at
 * the same time, and answered once committed.
 */
@ApplicationScoped
public class LinkCreation {

    @Inject
    BeanManager beans;

    @Inject
    LinkRules rules;

    @Inject
    CreateBatches batches;

    @Inject
    Clock clock;

    @Inject
    CreateCounts counts;

    @Inject
    ShortUrls shortUrls;

    @Inject
    ApiLocations locations;

    /** The beans of the create path, held without their client proxies (ADR 53). */
    @PostConstruct
    void holdUnproxied() {
        rules = Unproxied.of(beans, LinkRules.class);
        batches = Unproxied.of(beans, CreateBatches.class);
        counts = Unproxied.of(beans, CreateCounts.class);
        locations = Unproxied.of(beans, ApiLocations.class);
        shortUrls = Unproxied.of(beans, ShortUrls.class);
    }

    /** A create as an API call sends it, and what every route answers it. */
    public CreateAnswer answer(Caller caller, InputStream body) {
        Creation creation = create(caller, body);
        String code = creation.link().code();
        return CreateAnswer.of(creation, shortUrls.json(creation.link()), locations.address("v1/links/" + code));
    }

    /** A create as an API call sends it: its JSON body read and checked, and its outcome counted for the metrics. */
    private Creation create(Caller caller, InputStream body) {
        try {
            Creation creation = create(caller, LinkRequest.from(JsonBody.read(body)));
            if (creation.created()) {
                counts.single();
            }
            return creation;
        } catch (ProblemException refused) {
            counts.refused();
            throw refused;
        }
    }

    public Creation create(Caller caller, LinkRequest request) {
        caller.requireChanges();
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS); // what DATETIME(3) keeps
        BulkResult result = batches.create(rules.check(caller, request, now));
        if (result.problem() != null) {
            throw new ProblemException(result.problem());
        }
        return new Creation(result.link(), result.status() == 201);
    }

    /**
     * One item of a bulk create as a single create, committed apart from the others: the fallback when a batch met a
     * concurrent alias (see {@link BulkCreation}).
     */
    public BulkResult createOne(Caller caller, JsonValue item) {
        try {
            Creation creation = create(caller, LinkRequest.from(item));
            return creation.created() ? BulkResult.created(creation.link()) : BulkResult.existing(creation.link());
        } catch (ProblemException problem) {
            return BulkResult.failed(problem.toProblem());
        }
    }
}
