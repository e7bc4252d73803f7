package io.fuxi.links.boundary;

import io.fuxi.platform.problem.Problem;

/** The outcome of one item of a bulk create: 201 (made), 200 (the caller's recent link for that URL) or a problem. */
public record BulkResult(int status, LinkView link, Problem problem) {

    static BulkResult created(LinkView link) {
        return new BulkResult(201, link, null);
    }

    static BulkResult existing(LinkView link) {
        return new BulkResult(200, link, null);
    }

    static BulkResult failed(Problem problem) {
        return new BulkResult(problem.status(), null, problem);
    }
}
