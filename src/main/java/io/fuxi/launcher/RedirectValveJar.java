package io.fuxi.launcher;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The valve that answers cached redirects before Payara's web container does its per-request work (ADR 26). Its source
 * travels in the launcher and is compiled once per unpacked runtime against that runtime's own jars: Payara's Catalina
 * classes are on no public Maven repository. Without a Java compiler (a JRE) or when the source does not compile
 * against this Payara, the servlet answers every redirect, as on a plain Payara Micro.
 */
final class RedirectValveJar {

    /** The jar's name among the WAR's libraries, on Payara's class path (ADR 22). */
    static final String JAR = "fuxi-redirect-valve.jar";

    /** The class the virtual server is given (PayaraBootCommands). */
    static final String VALVE = "io.fuxi.valve.RedirectValve";

    private static final String SOURCE = "valve/RedirectValve.java";

    private RedirectValveJar() {}

    /** The valve's source: the runtime's key names it, so that a changed valve is compiled afresh. */
    static String source() throws IOException {
        try (InputStream in = RedirectValveJar.class.getResourceAsStream(SOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Compiles the valve into the root's libraries as {@link #JAR}; false, having said why, when it cannot. */
    static boolean write(Path root, Consumer<String> log) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            log.accept("[fuxi] This Java has no compiler: redirects go through the servlet (ADR 26)");
            return false;
        }
        Path work = Files.createTempDirectory(root, "valve-");
        try {
            Path source = Files.writeString(work.resolve("RedirectValve.java"), source());
            Path classes = Files.createDirectory(work.resolve("classes"));
            StringWriter errors = new StringWriter();
            try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
                List<String> options =
                        List.of("-classpath", runtimeJars(root), "-d", classes.toString(), "-proc:none", "-nowarn");
                if (!javac.getTask(errors, files, null, options, null, files.getJavaFileObjects(source))
                        .call()) {
                    log.accept("[fuxi] The redirect valve did not compile against this Payara Micro, so redirects go"
                            + " through the servlet (ADR 26): "
                            + errors.toString().strip());
                    return false;
                }
            }
            writeJar(classes, root.resolve(PayaraRuntime.LIBRARIES).resolve(JAR));
            return true;
        } finally {
            PayaraRuntime.deleteTree(work);
        }
    }

    private static String runtimeJars(Path root) throws IOException {
        try (Stream<Path> jars = Files.list(root.resolve("runtime"))) {
            return jars.map(Path::toString)
                    .filter(name -> name.endsWith(".jar"))
                    .sorted()
                    .collect(Collectors.joining(File.pathSeparator));
        }
    }

    private static void writeJar(Path classes, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream entries = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                entries.putNextEntry(
                        new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, entries);
                entries.closeEntry();
            }
        }
    }
}
