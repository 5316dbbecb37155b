package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * JDK 25): every Java 5 class of the jar becomes a Java 8 class with stack maps, and the result still parses a
 * command line, loaded with verification on.
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

        Process tool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                TOOL.toString(), jar.toString()).redirectErrorStream(true).start();
        String out = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(tool.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(tool.exitValue()).as(out).isZero();

        assertThat(out).contains("class(es) rewritten as Java 8 class files");
        assertThat(versions(jar).keySet()).as("class-file versions of the base layer").containsExactly(52);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            // A command of its own classes only: picocli's model built by reflection, options parsed, help printed.
            Class<?> commandLine = loader.loadClass("picocli.CommandLine");
            Class<?> spec = loader.loadClass("picocli.CommandLine$Model$CommandSpec");
            Class<?> option = loader.loadClass("picocli.CommandLine$Model$OptionSpec");
            Object command = spec.getMethod("create").invoke(null);
            Object builder = option.getMethod("builder", String.class, String[].class)
                    .invoke(null, "--port", new String[0]);
            builder.getClass().getMethod("type", Class.class).invoke(builder, int.class);
            spec.getMethod("addOption", option).invoke(command, builder.getClass().getMethod("build").invoke(builder));
            Object parser = commandLine.getConstructor(Object.class).newInstance(command);
            commandLine.getMethod("parseArgs", String[].class).invoke(parser, (Object) new String[] {"--port", "6385"});
            Object port = spec.getMethod("findOption", String.class).invoke(command, "--port");
            assertThat(port.getClass().getMethod("getValue").invoke(port)).isEqualTo(6385);
            assertThat((String) commandLine.getMethod("getUsageMessage").invoke(parser)).contains("--port");
        }

        Process again = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                TOOL.toString(), jar.toString()).redirectErrorStream(true).start();
        String second = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(second).as("a second build finds nothing to do").contains("no class older than Java 6");
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
