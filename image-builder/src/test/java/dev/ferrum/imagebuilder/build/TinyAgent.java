package dev.ferrum.imagebuilder.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A stand-in agent for tests that run a real JVM: one class that prints a marker line with what
 * /init prepared (the DHCP lease, the plugin jars, the guest's uptime) and exits. Compiled and
 * jarred reproducibly at test time.
 */
public final class TinyAgent {
    public static final String MARKER = "FERRUM-SMOKE-MARKER";
    private static final String SOURCE = """
            package smoke;

            import java.nio.file.Files;
            import java.nio.file.Path;

            public class Main {
                public static void main(String[] args) throws Exception {
                    StringBuilder line = new StringBuilder("%s args=" + String.join(",", args));
                    Path lease = Path.of("/run/ferrum/lease");
                    if (Files.exists(lease)) {
                        for (String field : Files.readAllLines(lease)) {
                            if (field.startsWith("ip=") || field.startsWith("interface=")) {
                                line.append(' ').append(field);
                            }
                        }
                    }
                    Path plugins = Path.of("/opt/ferrum/plugins");
                    if (Files.isDirectory(plugins)) {
                        try (var list = Files.list(plugins)) {
                            line.append(" plugins=").append(list.map(p -> p.getFileName().toString()).sorted().toList());
                        }
                    }
                    Path uptime = Path.of("/proc/uptime");
                    if (Files.exists(uptime)) {
                        line.append(" uptime=").append(Files.readString(uptime).split(" ")[0]);
                    }
                    System.out.println(line);
                    Path log = Path.of("/run/ferrum/init.log");
                    if (Files.exists(log)) {
                        for (String logged : Files.readAllLines(log)) {
                            System.out.println("init.log: " + logged);
                        }
                    }
                }
            }
            """.formatted(MARKER);

    private TinyAgent() {
    }

    /** Writes {@code <directory>/ferrum-agent.jar} (Main-Class smoke.Main) and an empty lib/. */
    public static Path write(Path directory) {
        return write(directory, SOURCE);
    }

    /** The same with another {@code smoke/Main.java}; every class it compiles to goes in the jar. */
    public static Path write(Path directory, String source) {
        try {
            Path sources = Files.createDirectories(directory.resolve("src/smoke"));
            Path classes = Files.createDirectories(directory.resolve("classes"));
            Files.writeString(sources.resolve("Main.java"), source);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            int status = javac.run(null, null, null, "--release", "21", "-d", classes.toString(), sources.resolve("Main.java").toString());
            if (status != 0) {
                throw new IllegalStateException("javac failed for the tiny agent");
            }
            Files.createDirectories(directory.resolve("lib"));
            Path jar = directory.resolve("ferrum-agent.jar");
            List<Path> compiled;
            try (var list = Files.list(classes.resolve("smoke"))) {
                compiled = list.sorted().toList();
            }
            try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest())) {
                for (Path file : compiled) {
                    java.util.jar.JarEntry entry = new java.util.jar.JarEntry("smoke/" + file.getFileName());
                    entry.setTime(0);
                    out.putNextEntry(entry);
                    out.write(Files.readAllBytes(file));
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static java.util.jar.Manifest manifest() {
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MAIN_CLASS, "smoke.Main");
        return manifest;
    }

}
