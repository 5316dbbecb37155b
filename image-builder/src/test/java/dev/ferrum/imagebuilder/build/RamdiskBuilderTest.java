package dev.ferrum.imagebuilder.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.imagebuilder.archive.Compression;
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
        assertThat(manifest.kernel().missing()).containsExactly("e1000e", "igb", "ixgbe", "i40e", "mlx5_core");
        assertThat(manifest.kernel().builtIn()).containsExactly("ahci");
        assertThat(manifest.java().linkedModules()).containsExactly("java.base", "java.sql");
        assertThat(manifest.java().agentCommand()).containsExactly("/opt/ferrum/jre/bin/java", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-XX:SharedArchiveFile=/opt/ferrum/agent/ferrum-agent.jsa",
                "-jar", "/opt/ferrum/agent/ferrum-agent.jar", "run", "--plugins", "/opt/ferrum/plugins");
        assertThat(manifest.warnings()).singleElement().satisfies(w -> assertThat(w).contains("lacks modules"));
        assertThat(manifest.initramfs().compression()).isEqualTo("none");
        assertThat(manifest.outputs()).extracting(m -> m.name()).containsExactly("vmlinuz", "initramfs", "rootfs.tar");
    }

    private static List<String> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
