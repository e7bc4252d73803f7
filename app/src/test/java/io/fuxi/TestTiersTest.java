package io.fuxi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Every container test says its tier, so that {@code mvn -B verify -Pquick} (the database tier) and the full
 * {@code mvn -B verify} (every tier) run what they claim: database (a real MariaDB, nothing deployed), deployed (the
 * WAR on Payara Micro), process (the run command's own processes), and browser besides for a real Chromium.
 */
class TestTiersTest {

    private static final Set<String> TIERS = Set.of("database", "deployed", "process");

    @Test
    void everyContainerTestHasOneTier() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(
                        TestTiersTest.class.getResource("TestTiersTest.class").toURI())
                .getParent();
        List<String> containerTests;
        try (Stream<Path> files = Files.walk(classes)) {
            containerTests = files.map(path ->
                            classes.getParent().getParent().relativize(path).toString())
                    .filter(name -> name.endsWith("IT.class"))
                    .map(name -> name.replace('/', '.').replace(".class", ""))
                    .sorted()
                    .toList();
        }
        assertTrue(containerTests.size() >= 20, "found " + containerTests);
        for (String name : containerTests) {
            // as JUnit finds a class's tags: its own and those it inherits
            List<String> tags = AnnotationSupport.findRepeatableAnnotations(Class.forName(name), Tag.class).stream()
                    .map(Tag::value)
                    .filter(TIERS::contains)
                    .toList();
            assertEquals(1, tags.size(), name + " has the tiers " + tags);
        }
    }
}
