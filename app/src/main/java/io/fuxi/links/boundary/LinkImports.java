package io.fuxi.links.boundary;

import io.fuxi.links.control.CsvLinkRows;
import io.fuxi.platform.problem.InvalidFieldException;
import io.fuxi.security.boundary.Caller;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Imports a CSV of links through the bulk path (the API's rules, a thousand links a transaction), in the background on
 * the managed executor, so the console can show its progress. The last few imports are kept on this node.
 */
@ApplicationScoped
public class LinkImports {

    private static final Logger LOG = Logger.getLogger(LinkImports.class.getName());
    /** The most lines one file may hold. */
    public static final int MOST_LINES = 200_000;

    static final int CHUNK = 1000;
    private static final int KEPT = 5;

    @Inject
    BulkCreation bulk;

    @Inject
    Clock clock;

    @Resource
    ManagedExecutorService executor;

    private final Map<String, LinkImport> recent = new LinkedHashMap<>();

    /** Reads the whole file (UTF-8, at most {@link #MOST_LINES} lines), then creates its links in the background. */
    public LinkImport start(Caller caller, String fileName, InputStream csv) {
        caller.requireChanges();
        List<JsonValue> items = read(csv);
        LinkImport job = new LinkImport(UUID.randomUUID().toString(), fileName, items.size(), Instant.now(clock));
        remember(job);
        executor.execute(() -> run(caller, items, job));
        return job;
    }

    public Optional<LinkImport> find(String id) {
        synchronized (recent) {
            return Optional.ofNullable(recent.get(id));
        }
    }

    private void run(Caller caller, List<JsonValue> items, LinkImport job) {
        try {
            for (int from = 0; from < items.size(); from += CHUNK) {
                job.add(bulk.create(caller, items.subList(from, Math.min(items.size(), from + CHUNK))));
            }
            job.finish(Instant.now(clock), null);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The import of " + job.fileName() + " stopped at line " + job.done(), e);
            job.finish(
                    Instant.now(clock),
                    "it stopped after line " + job.done() + ": the database did not take the links");
        }
    }

    private void remember(LinkImport job) {
        synchronized (recent) {
            recent.put(job.id(), job);
            while (recent.size() > KEPT) {
                recent.remove(recent.keySet().iterator().next());
            }
        }
    }

    private static List<JsonValue> read(InputStream csv) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(
                csv,
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)));
        try (reader) {
            return CsvLinkRows.read(reader, MOST_LINES);
        } catch (CharacterCodingException e) {
            throw new InvalidFieldException("file", "the file must be text in UTF-8");
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException("file", e.getMessage());
        } catch (IOException e) {
            throw new InvalidFieldException("file", "the file could not be read: " + e.getMessage());
        }
    }
}
