package io.fuxi.admin.boundary;

import io.fuxi.links.boundary.BulkResult;
import io.fuxi.links.boundary.LinkImport;
import io.fuxi.links.boundary.LinkImports;
import io.fuxi.links.boundary.LinkService;
import io.fuxi.security.boundary.ApiKeys;
import io.fuxi.security.boundary.ConsoleAccount;
import io.fuxi.security.boundary.KeyView;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.primefaces.model.DefaultStreamedContent;
import org.primefaces.model.StreamedContent;
import org.primefaces.model.file.UploadedFile;

/** Imports a CSV of links for one API key, shows how far it has got, and hands out each line's result. */
@Named
@ViewScoped
public class ImportLinks implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    LinkImports imports;

    @Inject
    LinkService links;

    @Inject
    ApiKeys keys;

    @Inject
    ConsoleAccount account;

    private Long owner;
    private String importId;
    private List<KeyView> activeKeys;
    private transient UploadedFile file;

    /** The active keys, read once per view: the list is asked for several times a request. */
    public List<KeyView> getKeys() {
        if (activeKeys == null) {
            activeKeys = keys.active();
        }
        return activeKeys;
    }

    /** Starts importing the chosen file for the chosen key; the page then shows its progress. */
    public void start() {
        if (owner == null || file == null || file.getSize() == 0) {
            Messages.error("Choose the API key the links will belong to and a CSV file, then import.");
            return;
        }
        Messages.run(
                () -> {
                    try (InputStream csv = file.getInputStream()) {
                        importId = imports.start(account.actingFor(owner), file.getFileName(), csv)
                                .id();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                "Importing " + file.getFileName() + ".");
        file = null;
    }

    public Optional<LinkImport> getCurrent() {
        return Optional.ofNullable(importId).flatMap(imports::find);
    }

    public boolean isRunning() {
        return getCurrent().map(job -> !job.isFinished()).orElse(false);
    }

    /** Each line's result: its number, status, code and short URL, or the problem and the field it names. */
    public StreamedContent getResults() {
        LinkImport job = getCurrent().orElseThrow();
        return DefaultStreamedContent.builder()
                .name("import-results.csv")
                .contentType("text/csv; charset=UTF-8")
                .writer(out -> write(job.results(), out))
                .build();
    }

    private void write(List<BulkResult> results, java.io.OutputStream out) {
        try {
            Writer csv = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            csv.write(CsvCells.line("line", "status", "code", "short_url", "problem", "field"));
            for (int i = 0; i < results.size(); i++) {
                BulkResult result = results.get(i);
                csv.write(
                        result.link() != null
                                ? CsvCells.line(
                                        i + 1,
                                        result.status(),
                                        result.link().code(),
                                        links.shortUrl(result.link()),
                                        "",
                                        "")
                                : CsvCells.line(
                                        i + 1,
                                        result.status(),
                                        "",
                                        "",
                                        result.problem().detail(),
                                        result.problem().field()));
            }
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public UploadedFile getFile() {
        return file;
    }

    public void setFile(UploadedFile file) {
        this.file = file;
    }

    public Long getOwner() {
        return owner;
    }

    public void setOwner(Long owner) {
        this.owner = owner;
    }
}
