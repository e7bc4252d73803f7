package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.persistence.Entity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** persistence.xml lists its entities (Hibernate does not scan for them): the list and the code must agree. */
class PersistenceUnitTest {

    private static final Path CLASSES = Path.of("target/classes");

    @Test
    void everyEntityIsListedAndEveryListedClassIsAnEntity() throws IOException {
        Set<String> listed = new TreeSet<>();
        Matcher classes = Pattern.compile("<class>([^<]+)</class>")
                .matcher(Files.readString(CLASSES.resolve("META-INF/persistence.xml")));
        while (classes.find()) {
            listed.add(classes.group(1).trim());
        }
        Set<String> entities = new TreeSet<>();
        try (Stream<Path> files = Files.walk(CLASSES.resolve("io/fuxi"))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String name =
                        CLASSES.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                if (isEntity(name)) {
                    entities.add(name);
                }
            }
        }
        assertFalse(entities.isEmpty(), "no entity found under " + CLASSES.toAbsolutePath());
        assertEquals(entities, listed, "persistence.xml's <class> elements against the @Entity classes");
    }

    private static boolean isEntity(String name) {
        try {
            return Class.forName(name, false, PersistenceUnitTest.class.getClassLoader())
                    .isAnnotationPresent(Entity.class);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new AssertionError("cannot load " + name, e);
        }
    }
}
