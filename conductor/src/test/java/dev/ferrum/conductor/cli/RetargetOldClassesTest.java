package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The build step that makes picocli cacheable (src/build/RetargetOldClasses.java, run by the package phase on
 * JDK 25): every Java 5 class of the jar becomes a Java 8 class with stack maps, and the result still builds its
 * model, parses a command line and prints help, verified by the JVM as it loads.
 */
class RetargetOldClassesTest {
    private static final Path TOOL = Path.of("src", "build", "RetargetOldClasses.java");

    @TempDir
    Path temp;

    @Test
    void picocliBecomesJava8ClassFilesThatStillParse() throws Exception {
        assumeThat(Runtime.version().feature()).as("the ClassFile API is final in JDK 24").isGreaterThanOrEqualTo(24);
        Path jar = temp.resolve("picocli.jar");
        Files.copy(picocliJar(), jar);
        assertThat(versions(jar)).as("picocli as published").containsKey(49);

        String out = java(TOOL.toString(), jar.toString());
        assertThat(out).contains("class(es) rewritten as Java 8 class files");
        assertThat(versions(jar).keySet()).as("class-file versions of the base layer").containsExactly(52);
        // picocli's own command, run from the rewritten jar with the JVM's verification on: its model built from
        // annotations by reflection, options parsed, help and a completion script written.
        assertThat(java("-cp", jar.toString(), "picocli.AutoComplete", "--help"))
                .contains("Usage: picocli.AutoComplete");
        Path script = temp.resolve("demo_completion");
        java("-cp", jar.toString(), "picocli.AutoComplete", "-n", "demo", "-o", script.toString(),
                "picocli.AutoComplete$App");
        assertThat(script).content().contains("demo");

        String second = java(TOOL.toString(), jar.toString());
        assertThat(second).as("a second build finds nothing to do").contains("no class older than Java 6");
    }

    /** Runs this test's own java with {@code args}; its output, once it exited with success. */
    private static String java(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }

    private static Path picocliJar() throws URISyntaxException {
        return Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Class-file major version of the jar's base-layer classes, with how many have it. */
    private static Map<Integer, Integer> versions(Path jar) throws IOException {
        Map<Integer, Integer> versions = new TreeMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : file.stream().toList()) {
                if (entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")) {
                    try (InputStream in = file.getInputStream(entry)) {
                        DataInputStream data = new DataInputStream(in);
                        data.readInt();
                        data.readUnsignedShort();
                        versions.merge(data.readUnsignedShort(), 1, Integer::sum);
                    }
                }
            }
        }
        return versions;
    }
}
