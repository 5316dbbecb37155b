package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./ferrum conductor} offers the JVM the trained class cache only when it fits: newer than the jar and made by
 * the runtime about to start; the SQLite driver is pointed at the native library the build unpacked; the JIT's
 * thresholds are doubled (the repository's launcher script, its functions run by bash).
 */
class ClassCacheLaunchTest {
    private static final Path LAUNCHER = Path.of("..", "ferrum");

    @TempDir
    Path temp;

    private Path javaHome;
    private Path jar;

    @BeforeEach
    void runtimeAndJar() throws IOException {
        javaHome = Files.createDirectories(temp.resolve("jdk"));
        Files.writeString(javaHome.resolve("release"), "JAVA_VERSION=\"25.0.3\"\nJAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\n");
        jar = Files.writeString(temp.resolve("ferrum-conductor.jar"), "jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
    }

    @Test
    void aCacheTrainedByThisRuntimeAfterTheJarIsUsedWithItsLogsSilenced() throws Exception {
        Path cache = cache("ferrum-conductor.aot", "25.0.3+9-LTS");

        assertThat(flags()).containsExactly("-XX:AOTCache=" + cache, "-Xlog:aot*=off", "-Xlog:cds*=off");
    }

    @Test
    void anAppCdsArchiveIsUsedTheSameWay() throws Exception {
        Path cache = cache("ferrum-conductor.jsa", "25.0.3+9-LTS");

        assertThat(flags()).containsExactly("-XX:SharedArchiveFile=" + cache, "-Xlog:cds*=off");
    }

    @Test
    void noCacheMeansNoFlags() throws Exception {
        assertThat(flags()).isEmpty();
    }

    @Test
    void aCacheOfAnotherRuntimeIsLeftOut() throws Exception {
        cache("ferrum-conductor.aot", "25.0.2+10-LTS");

        assertThat(flags()).isEmpty();
    }

    @Test
    void aCacheOlderThanTheJarIsLeftOut() throws Exception {
        Path cache = cache("ferrum-conductor.aot", "25.0.3+9-LTS");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2026-06-01T00:00:00Z")));

        assertThat(flags()).as("jar rebuilt after " + cache).isEmpty();
    }

    @Test
    void aCacheWithoutItsRuntimeRecordIsLeftOut() throws Exception {
        Path cache = cache("ferrum-conductor.aot", "25.0.3+9-LTS");
        Files.delete(Path.of(cache + ".runtime"));

        assertThat(flags()).isEmpty();
    }

    @Test
    void theSqliteDriverLoadsTheLibraryTheBuildUnpackedForThisMachine() throws Exception {
        assertThat(flags("sqlite_native_flags")).as("nothing unpacked").isEmpty();
        Path dir = Files.createDirectories(temp.resolve("native/org/sqlite/native/Linux").resolve(machine()));
        Files.writeString(dir.resolve("libsqlitejdbc.so"), "elf");

        assertThat(flags("sqlite_native_flags"))
                .containsExactly("-Dorg.sqlite.lib.path=" + dir, "-Dorg.sqlite.lib.name=libsqlitejdbc.so");
    }

    @Test
    void theConductorStartsWithDoubledJitThresholdsAndTheCacheThatFits() throws Exception {
        Path cache = cache("ferrum-conductor.aot", "25.0.3+9-LTS");

        assertThat(flags("conductor_flags")).containsExactly("--enable-native-access=ALL-UNNAMED",
                "-XX:CompileThresholdScaling=2", "-XX:AOTCache=" + cache, "-Xlog:aot*=off", "-Xlog:cds*=off");
    }

    private static String machine() throws IOException, InterruptedException {
        Process uname = new ProcessBuilder("uname", "-m").start();
        String machine = new String(uname.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(uname.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return machine;
    }

    private Path cache(String name, String runtime) throws IOException {
        Path cache = Files.writeString(temp.resolve(name), "cache");
        Files.writeString(Path.of(cache + ".runtime"), runtime + "\n");
        Files.setLastModifiedTime(cache, FileTime.from(Instant.parse("2026-02-01T00:00:00Z")));
        return cache;
    }

    private List<String> flags() throws IOException, InterruptedException {
        return flags("class_cache_flags");
    }

    private List<String> flags(String function) throws IOException, InterruptedException {
        // The launcher's flag functions alone, so the test runs neither Maven nor a JVM.
        String script = "source <(sed -n '/^class_cache_flags()/,/^}/p; /^sqlite_native_flags()/,/^}/p;"
                + " /^conductor_flags()/,/^}/p' \"$0\") && JAVA_HOME=\"$2\" \"$1\" \"$3\"";
        Process bash = new ProcessBuilder("bash", "-c", script, LAUNCHER.toString(), function, javaHome.toString(),
                        jar.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(bash.exitValue()).isZero();
        return out.lines().toList();
    }
}
