package dev.ferrum.imagebuilder.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import dev.ferrum.imagebuilder.plan.PlanEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RamdiskBuilderTest {
    @TempDir
    Path dir;

    @Test
    void twoBuildsOfTheSameInputsAreByteIdentical() throws IOException {
        BuildFixture fixture = new BuildFixture(dir.resolve("inputs"));
        List<String> progress = new ArrayList<>();

        new RamdiskBuilder(fixture.runner(), progress::add).build(fixture.config(dir.resolve("out1"), dir.resolve("cache1"), Compression.ZSTD));
        new RamdiskBuilder(fixture.runner(), progress::add).build(fixture.config(dir.resolve("out2"), dir.resolve("cache2"), Compression.ZSTD));

        List<String> names = list(dir.resolve("out1"));
        assertThat(names).containsExactly("initramfs", "manifest.json", "rootfs.tar", "vmlinuz");
        assertThat(list(dir.resolve("out2"))).isEqualTo(names);
        for (String name : names) {
            assertThat(dir.resolve("out2").resolve(name)).as(name).hasSameBinaryContentAs(dir.resolve("out1").resolve(name));
            assertThat(Files.getLastModifiedTime(dir.resolve("out1").resolve(name)).toInstant()).isEqualTo(BuildConfig.DEFAULT_MTIME);
        }
        assertThat(dir.resolve("cache1/work")).isEmptyDirectory();
        assertThat(progress).anySatisfy(line -> assertThat(line).startsWith("write: "));
    }

    @Test
    void theImageHoldsAgentRuntimeModulesBusyboxLibrariesAndScripts() {
        BuildFixture fixture = new BuildFixture(dir.resolve("inputs"));

        BuildResult result = new RamdiskBuilder(fixture.runner(), line -> { })
                .build(fixture.config(dir.resolve("out"), dir.resolve("cache"), Compression.NONE));

        var plan = result.plan();
        assertThat(plan.find("init")).hasValueSatisfying(e -> assertThat(e.mode()).isEqualTo(0755));
        assertThat(plan.find("opt/ferrum/agent/ferrum-agent.jar")).isPresent();
        assertThat(plan.find("opt/ferrum/agent/lib/picocli.jar")).isPresent();
        assertThat(plan.find("opt/ferrum/agent/ferrum-agent.jsa")).isPresent();
        assertThat(plan.find("opt/ferrum/plugins/acme-plugin.jar")).isPresent();
        assertThat(plan.find("opt/ferrum/jre/legal/java.sql/LICENSE")).containsInstanceOf(PlanEntry.Symlink.class);
        assertThat(plan.find("lib/x86_64-linux-gnu/libc.so.6")).isPresent();
        assertThat(plan.find("lib/x86_64-linux-gnu/libm.so.6")).isPresent();
        assertThat(plan.find("bin/sh")).contains(new PlanEntry.Symlink("bin/sh", "/bin/busybox"));
        assertThat(plan.find("linuxrc")).isEmpty();
        assertThat(plan.find("lib/modules/6.1.0-test-amd64/kernel/drivers/net/virtio_net.ko")).isPresent();
        assertThat(plan.find("dev/console")).contains(new PlanEntry.CharDevice("dev/console", 0600, 5, 1));

        var manifest = result.manifest();
        assertThat(manifest.kernel().orElseThrow().missing()).containsExactly("e1000e", "igb", "ixgbe", "i40e", "mlx5_core");
        assertThat(manifest.kernel().orElseThrow().builtIn()).containsExactly("ahci");
        // jdeps found java.sql, which the agent never loads (JlinkOptions.UNUSED_BY_THE_AGENT): not linked.
        assertThat(manifest.java().jdepsModules()).containsExactly("java.base", "java.sql");
        assertThat(manifest.java().linkedModules()).containsExactly("java.base");
        assertThat(manifest.java().agentCommand()).containsExactly("/opt/ferrum/jre/bin/java", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10", "-XX:-UsePerfData", "-XX:SharedArchiveFile=/opt/ferrum/agent/ferrum-agent.jsa",
                "-jar", "/opt/ferrum/agent/ferrum-agent.jar", "run", "--plugins", "/opt/ferrum/plugins");
        assertThat(manifest.warnings()).singleElement().satisfies(w -> assertThat(w).contains("lacks modules"));
        assertThat(manifest.initramfs().orElseThrow().compression()).isEqualTo("none");
        assertThat(manifest.outputs()).extracting(m -> m.name()).containsExactly("vmlinuz", "initramfs", "rootfs.tar");
    }

    @Test
    void theClassCacheTrainsOnAMachineRootTheGenericManagerSupports() {
        BuildFixture fixture = new BuildFixture(dir.resolve("inputs"));
        List<String> trainingRoots = new ArrayList<>();
        FakeCommandRunner runner = fixture.runner().on("java", command -> {
            int root = command.argv().indexOf("--root");
            if (root >= 0) {
                Path machine = Path.of(command.argv().get(root + 1));
                trainingRoots.add((Files.isDirectory(machine.resolve("sys")) ? "sys " : "")
                        + (Files.isDirectory(machine.resolve("proc")) ? "proc" : ""));
            }
            return BuildFixture.java(command);
        });

        new RamdiskBuilder(runner, line -> { }).build(fixture.config(dir.resolve("out"), dir.resolve("cache"), Compression.NONE));

        assertThat(trainingRoots).isNotEmpty().allSatisfy(found -> assertThat(found).isEqualTo("sys proc"));
    }

    @Test
    void aRootfsOnlyBuildWritesTheTreeWithoutKernelOrModules() throws IOException {
        BuildFixture fixture = new BuildFixture(dir.resolve("inputs"));
        BuildConfig full = fixture.config(dir.resolve("out"), dir.resolve("cache"), Compression.NONE);
        BuildConfig rootfsOnly = new BuildConfig(full.agent(), new KernelSource.RootfsOnly(), full.kernelModules(), full.busybox(),
                full.java(), full.init(), full.output(), full.hostBinaries(), full.librarySearchPath(), full.cacheDirectory(),
                full.mtime());
        // Leftovers of an earlier full build in the same directory go: the manifest must describe what is there.
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/vmlinuz"), "old kernel");

        BuildResult result = new RamdiskBuilder(fixture.runner(), line -> { }).build(rootfsOnly);

        assertThat(list(dir.resolve("out"))).containsExactly("manifest.json", "rootfs.tar");
        assertThat(result.manifest().kernel()).isEmpty();
        assertThat(result.manifest().initramfs()).isEmpty();
        assertThat(result.manifest().bootBytes()).isZero();
        assertThat(result.manifest().outputs()).extracting(m -> m.name()).containsExactly("rootfs.tar");
        assertThat(result.manifest().warnings()).isEmpty();
        var plan = result.plan();
        assertThat(plan.find("init")).isPresent();
        assertThat(plan.find("usr/bin/ferrum-agent")).isPresent();
        assertThat(plan.find("opt/ferrum/agent/ferrum-agent.jar")).isPresent();
        assertThat(plan.find("etc/ferrum/modules.load")).isPresent();
        assertThat(plan.entries()).noneSatisfy(e -> assertThat(e.path()).startsWith("lib/modules"));
        assertThat(Files.readString(dir.resolve("out/manifest.json"))).doesNotContain("\"kernel\"").doesNotContain("\"initramfs\"");
    }

    @Test
    void aRootfsOnlyBuildRefusesKernelOutputs() {
        BuildFixture fixture = new BuildFixture(dir.resolve("inputs"));
        BuildConfig full = fixture.config(dir.resolve("out"), dir.resolve("cache"), Compression.NONE);

        assertThatThrownBy(() -> new BuildConfig(full.agent(), new KernelSource.RootfsOnly(), full.kernelModules(), full.busybox(),
                full.java(), full.init(), new OutputSettings(dir.resolve("out"), Compression.NONE, 10, true, true), full.hostBinaries(),
                full.librarySearchPath(), full.cacheDirectory(), full.mtime()))
                .isInstanceOf(ImageBuildException.class).hasMessageContaining("rootfs-only");
    }

    private static List<String> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
