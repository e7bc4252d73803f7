package io.fuxi.platform.web;

import io.fuxi.platform.problem.Problem;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * At most fuxi.api.max-concurrent API requests at a time on this node; one more is answered 503 with Retry-After at
 * once. API calls wait on the database and redirects mostly do not: however many creates pile up while the database
 * is slow or out, the rest of the HTTP threads (200 in Payara Micro) stay free for redirects. One key holds at most
 * fuxi.api.max-concurrent-per-key of them (half by default), so that a single partner cannot take every permit from
 * the others; its call over that share is answered 429. The share is counted by the key the call presents, before it
 * is checked: a made-up key fails at once and gives its permit back. Taken by the API's bulkhead filter
 * ({@link ApiBulkhead}) and by the single creates answered ahead of the web container.
 */
@ApplicationScoped
public class ApiPermits {

    private static final byte[] BUSY = problem(503, "Too many API calls in progress on this node; try again shortly.");
    private static final byte[] KEY_BUSY =
            problem(429, "This API key has too many calls in progress on this node; try again shortly.");

    @Inject
    @ConfigProperty(name = "fuxi.api.max-concurrent", defaultValue = "64")
    int maxConcurrent;

    @Inject
    @ConfigProperty(name = "fuxi.api.max-concurrent-per-key")
    Optional<Integer> maxConcurrentPerKey;

    private Semaphore permits;
    private int perKey;
    private final Map<String, Integer> heldByKey = new ConcurrentHashMap<>();

    @PostConstruct
    void init() {
        int all = Math.max(1, maxConcurrent);
        permits = new Semaphore(all);
        perKey = Math.max(1, Math.min(all, maxConcurrentPerKey.orElse((all + 1) / 2)));
    }

    /**
     * A permit for one call, to be given back with {@link #release}; or null (and the 503 or 429 written) when all
     * are taken or the call's key holds its share.
     */
    public String take(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!permits.tryAcquire()) {
            refuse(response, 503, BUSY);
            return null;
        }
        String key = presentedKey(request);
        if (heldByKey.merge(key, 1, Integer::sum) > perKey) {
            release(key);
            refuse(response, 429, KEY_BUSY);
            return null;
        }
        return key;
    }

    /** Gives back the permit that {@link #take} answered. */
    public void release(String permit) {
        permits.release();
        giveBack(permit);
    }

    private void giveBack(String key) {
        heldByKey.computeIfPresent(key, (held, count) -> count == 1 ? null : count - 1);
    }

    /** The key as the call presents it, unchecked; the empty text for a call without one. */
    private static String presentedKey(HttpServletRequest request) {
        String authorization = request.getHeader("Authorization");
        if (authorization != null) {
            return authorization;
        }
        String key = request.getHeader("X-API-Key");
        return key == null ? "" : key;
    }

    private static void refuse(HttpServletResponse response, int status, byte[] problem) throws IOException {
        response.setStatus(status);
        response.setHeader("Retry-After", "1");
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(problem.length);
        response.getOutputStream().write(problem);
    }

    private static byte[] problem(int status, String detail) {
        String title = status == 429 ? "Too Many Requests" : "Service Unavailable";
        return new Problem(status, title, detail, null).toJson().getBytes(StandardCharsets.UTF_8);
    }
}
