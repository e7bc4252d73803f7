package io.fuxi.platform.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OneToOne;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        Set<String> entities = entities();
        assertFalse(entities.isEmpty(), "no entity found under " + CLASSES.toAbsolutePath());
        assertEquals(entities, listed, "persistence.xml's <class> elements against the @Entity classes");
    }

    /**
     * Hibernate runs without a bytecode provider (persistence.xml), so it can make no proxy for a lazy association:
     * the entities have none.
     */
    @Test
    void noEntityHasAnAssociation() throws IOException {
        List<Class<? extends Annotation>> kinds =
                List.of(ManyToOne.class, OneToOne.class, OneToMany.class, ManyToMany.class, ElementCollection.class);
        List<String> associations = new ArrayList<>();
        for (String entity : entities()) {
            for (Field field : load(entity).getDeclaredFields()) {
                for (Class<? extends Annotation> kind : kinds) {
                    if (field.isAnnotationPresent(kind)) {
                        associations.add(entity + "." + field.getName() + " @" + kind.getSimpleName());
                    }
                }
            }
        }
        assertFalse(entities().isEmpty());
        assertEquals(List.of(), associations);
    }

    private static Set<String> entities() throws IOException {
        Set<String> entities = new TreeSet<>();
        try (Stream<Path> files = Files.walk(CLASSES.resolve("io/fuxi"))) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String name =
                        CLASSES.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                if (load(name).isAnnotationPresent(Entity.class)) {
                    entities.add(name);
                }
            }
        }
        return entities;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, PersistenceUnitTest.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new AssertionError("cannot load " + name, e);
        }
    }
}
