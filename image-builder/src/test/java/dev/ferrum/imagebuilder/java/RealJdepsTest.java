package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The running JDK's real jdeps over an agent shaped like Ferrum's: a plain application jar beside
 * a library that is a named module requiring another named module (as the generic hardware
 * manager's module-info requires OSHI). jdeps fails with "Module ... not found" unless the jars
 * are on its module path too.
 */
class RealJdepsTest {
    @TempDir
    Path dir;

    @Test
    void aNamedModuleRequiringAnotherJarIsResolvedAndItsJdkModulesFound() throws IOException {
        Path jdk = Path.of(System.getProperty("java.home"));
        assumeTrue(Files.isExecutable(jdk.resolve("bin/jdeps")), "the JDK running the tests has no jdeps");
        Path needed = module("lib.needed", "package lib.needed; public class Db { public static Object open() throws Exception {"
                + " return java.sql.DriverManager.getDrivers(); } }", "module lib.needed { requires java.sql; exports lib.needed; }",
                List.of());
        Path manager = module("lib.manager", "package lib.manager; public class Manager { public static Object run() throws Exception {"
                + " java.net.http.HttpClient.newHttpClient(); return lib.needed.Db.open(); } }",
                "module lib.manager { requires lib.needed; requires java.net.http; exports lib.manager; }", List.of(needed));
        Path app = plainJar("app", "package app; public class Main { public static void main(String[] a) throws Exception {"
                + " lib.manager.Manager.run(); java.lang.management.ManagementFactory.getRuntimeMXBean(); } }", List.of(needed, manager));

        List<String> modules = new ModuleDeps(new ProcessCommandRunner(List.of()), new JavaToolchain(jdk))
                .of(List.of(app, manager, needed), 21);

        // jdeps prints a minimal set: java.logging, which java.sql requires transitively, is implied.
        assertThat(modules).contains("java.base", "java.management", "java.net.http", "java.sql")
                .doesNotContain("lib.needed", "lib.manager");
    }

    private Path module(String name, String source, String moduleInfo, List<Path> modulePath) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/" + name));
        String pkg = source.substring("package ".length(), source.indexOf(';'));
        String cls = source.substring(source.indexOf("class ") + 6, source.indexOf(' ', source.indexOf("class ") + 6));
        Path file = Files.createDirectories(src.resolve(pkg.replace('.', '/'))).resolve(cls + ".java");
        Files.writeString(file, source);
        Files.writeString(src.resolve("module-info.java"), moduleInfo);
        return compileAndJar(name, List.of(file, src.resolve("module-info.java")), "--module-path", modulePath);
    }

    private Path plainJar(String name, String source, List<Path> classPath) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/" + name + "/app"));
        Path file = Files.writeString(src.resolve("Main.java"), source);
        return compileAndJar(name, List.of(file), "--class-path", classPath);
    }

    private Path compileAndJar(String name, List<Path> sources, String pathOption, List<Path> path) throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes/" + name));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new java.util.ArrayList<>(List.of("--release", "21", "-d", classes.toString()));
        if (!path.isEmpty()) {
            args.addAll(List.of(pathOption, String.join(java.io.File.pathSeparator, path.stream().map(Path::toString).toList())));
        }
        sources.forEach(s -> args.add(s.toString()));
        assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac " + name).isZero();
        Path jar = dir.resolve(name + ".jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> walk = Files.walk(classes)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString()));
                Files.copy(file, (OutputStream) out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
