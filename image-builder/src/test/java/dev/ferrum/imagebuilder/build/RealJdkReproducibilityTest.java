package dev.ferrum.imagebuilder.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slow reproducibility proof: two builds with the real jdeps, jlink (java.base only, for
 * speed), strip and a real AppCDS training run of a tiny agent, in different scratch and output
 * directories, must give byte-identical outputs. Kernel and busybox are fixtures.
 */
@Tag("slow")
class RealJdkReproducibilityTest {
    @TempDir
    Path dir;

    @Test
    void twoRealBuildsAreByteIdentical() throws IOException {
        CommandRunner real = new ProcessCommandRunner(Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin:/bin")
                .split(File.pathSeparator)).map(Path::of).toList());
        assumeTrue(real.isAvailable("strip"), "skipped: strip (binutils) is not installed");
        BuildFixture fixture = new BuildFixture(dir.resolve("inputs"));
        TinyAgent.write(dir.resolve("agent"));
        RoutingRunner runner = new RoutingRunner(fixture.runner(), Set.of("busybox"), real);
        Compression compression = real.isAvailable("zstd") ? Compression.ZSTD : Compression.NONE;

        BuildResult first = new RamdiskBuilder(runner, line -> { }).build(config(fixture, "1", compression));
        BuildResult second = new RamdiskBuilder(runner, line -> { }).build(config(fixture, "2", compression));

        for (String name : List.of("vmlinuz", "initramfs", "rootfs.tar", "manifest.json")) {
            assertThat(dir.resolve("out2").resolve(name)).as(name).hasSameBinaryContentAs(dir.resolve("out1").resolve(name));
        }
        assertThat(first.manifest().java().linkedModules()).containsExactly("java.base");
        assertThat(first.manifest().java().classCache()).isEqualTo("appcds");
        assertThat(first.plan().find("opt/ferrum/agent/ferrum-agent.jsa")).isPresent();
        assertThat(first.manifest().libraries()).extracting(f -> f.name()).contains("lib/x86_64-linux-gnu/libc.so.6");
        assertThat(second.manifest()).isEqualTo(first.manifest());
    }

    @Test
    void theStagedRuntimeRunsTheAgentWithItsClassCache() {
        CommandRunner real = new ProcessCommandRunner(List.of(Path.of("/usr/bin"), Path.of("/bin")));
        assumeTrue(real.isAvailable("strip"), "skipped: strip (binutils) is not installed");
        TinyAgent.write(dir.resolve("agent"));
        AgentInput agent = new AgentInput(dir.resolve("agent"), "ferrum-agent.jar", List.of(), List.of("run"), List.of());
        JavaSettings settings = new JavaSettings(Path.of(System.getProperty("java.home")), 21, JlinkOptions.defaults(),
                ClassCacheMode.APPCDS, JavaSettings.DEFAULT_JVM_FLAGS);

        StagedJava staged = new JavaStage(real).stage(agent, settings, dir.resolve("work"), dir.resolve("cache"), BuildConfig.DEFAULT_MTIME);

        // -Xshare:on fails the JVM if the archive does not match: the mtimes and paths line up.
        Command run = Command.of(List.of(staged.root().resolve("opt/ferrum/jre/bin/java").toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10", "-XX:-UsePerfData", "-Xshare:on",
                "-XX:SharedArchiveFile=" + staged.root().resolve("opt/ferrum/agent/ferrum-agent.jsa"),
                "-jar", staged.root().resolve("opt/ferrum/agent/ferrum-agent.jar").toString(), "hello"));
        var result = real.run(run);
        assertThat(result.stderr()).isEmpty();
        assertThat(result.stdout()).startsWith(TinyAgent.MARKER + " args=hello");
    }

    private BuildConfig config(BuildFixture fixture, String n, Compression compression) {
        BuildConfig base = fixture.config(dir.resolve("out" + n), dir.resolve("cache" + n), compression);
        JavaSettings java = new JavaSettings(Path.of(System.getProperty("java.home")), 21, JlinkOptions.defaults(),
                ClassCacheMode.APPCDS, JavaSettings.DEFAULT_JVM_FLAGS);
        AgentInput agent = new AgentInput(dir.resolve("agent"), "ferrum-agent.jar", List.of(), List.of("run"), List.of());
        return new BuildConfig(agent, base.kernel(), base.kernelModules(), base.busybox(), java, base.init(), base.output(),
                List.of(), BuildConfig.DEFAULT_LIBRARY_SEARCH_PATH, base.cacheDirectory(), base.mtime());
    }
}
