package dev.ferrum.imagebuilder.rootfs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.imagebuilder.elf.ElfFixtures;
import dev.ferrum.imagebuilder.elf.NativeLibraries;
import dev.ferrum.imagebuilder.kernel.KernelFixture;
import dev.ferrum.imagebuilder.kernel.KernelModule;
import dev.ferrum.imagebuilder.kernel.KernelModules;
import dev.ferrum.imagebuilder.kernel.ModuleDecompressor;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.FileSource;
import dev.ferrum.imagebuilder.plan.PlanEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RamdiskPlannerTest {
    @TempDir
    Path dir;

    @Test
    void laysOutModulesWithLoadOrderAndModulesDep() throws IOException {
        BuildPlan plan = new RamdiskPlanner().plan(contents());

        String root = "lib/modules/" + KernelFixture.VERSION;
        assertThat(text(plan, "etc/ferrum/modules.load")).isEqualTo("""
                # Kernel modules in load order, written by ferrum-image-builder.
                /lib/modules/6.1.0-test-amd64/kernel/drivers/virtio/virtio_ring.ko
                /lib/modules/6.1.0-test-amd64/kernel/drivers/virtio/virtio.ko
                /lib/modules/6.1.0-test-amd64/kernel/net/core/failover.ko
                /lib/modules/6.1.0-test-amd64/kernel/drivers/net/net_failover.ko
                /lib/modules/6.1.0-test-amd64/kernel/drivers/net/virtio_net.ko
                """);
        assertThat(text(plan, root + "/modules.dep")).isEqualTo("""
                kernel/drivers/virtio/virtio_ring.ko:
                kernel/drivers/virtio/virtio.ko:
                kernel/net/core/failover.ko:
                kernel/drivers/net/net_failover.ko: kernel/net/core/failover.ko
                kernel/drivers/net/virtio_net.ko: kernel/drivers/net/net_failover.ko kernel/net/core/failover.ko kernel/drivers/virtio/virtio.ko kernel/drivers/virtio/virtio_ring.ko
                """);
        assertThat(plan.find(root + "/kernel/drivers/net/virtio_net.ko")).hasValueSatisfying(e -> assertThat(e.mode()).isEqualTo(0644));
    }

    @Test
    void placesLibrariesInTheMultiarchDirectoryAndLinksTheInterpreter() throws IOException {
        BuildPlan plan = new RamdiskPlanner().plan(contents());

        assertThat(plan.find("lib/x86_64-linux-gnu/libc.so.6")).containsInstanceOf(PlanEntry.RegularFile.class);
        assertThat(plan.find("lib/x86_64-linux-gnu/ld-linux-x86-64.so.2")).containsInstanceOf(PlanEntry.RegularFile.class);
        assertThat(plan.find("lib64/ld-linux-x86-64.so.2"))
                .contains(new PlanEntry.Symlink("lib64/ld-linux-x86-64.so.2", "/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"));
    }

    @Test
    void providesTheBaseSystemAJvmExpects() throws IOException {
        BuildPlan plan = new RamdiskPlanner().plan(contents());

        assertThat(plan.find("tmp")).contains(new PlanEntry.Directory("tmp", 01777));
        assertThat(plan.find("root")).contains(new PlanEntry.Directory("root", 0700));
        assertThat(text(plan, "etc/passwd")).isEqualTo("root:x:0:0:root:/root:/bin/sh\n");
        assertThat(text(plan, "etc/nsswitch.conf")).contains("hosts: files dns");
        assertThat(plan.find("opt/ferrum/plugins")).containsInstanceOf(PlanEntry.Directory.class);
        assertThat(text(plan, "init")).isEqualTo("#!/bin/sh\necho init\n");
        assertThat(plan.find("usr/bin/ferrum-agent")).hasValueSatisfying(e -> assertThat(e.mode()).isEqualTo(0755));
        assertThat(plan.find("usr/local/bin/qemu-img")).hasValueSatisfying(e -> assertThat(e.mode()).isEqualTo(0755));
        assertThat(plan.entries()).allSatisfy(e -> assertThat(e.path()).doesNotStartWith("/"));
        assertThat(plan.mtime()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    }

    private RamdiskContents contents() throws IOException {
        Path kernel = KernelFixture.write(dir.resolve("kernel"));
        List<KernelModule> modules = KernelModules.open(KernelFixture.modulesDirectory(kernel),
                new ModuleDecompressor(new FakeCommandRunner(), dir.resolve("work"))).select(List.of("virtio_net"), n -> true).loadOrder();
        Path javaRoot = Files.createDirectories(dir.resolve("java/opt/ferrum/jre/bin"));
        Files.writeString(javaRoot.resolve("java"), "java");
        Path busybox = Files.write(dir.resolve("busybox"), ElfFixtures.staticProgram());
        Path libc = Files.writeString(dir.resolve("libc.so.6"), "libc");
        Path loader = Files.writeString(dir.resolve("ld.so"), "loader");
        Path qemuImg = Files.writeString(dir.resolve("qemu-img"), "qemu-img");
        NativeLibraries libraries = new NativeLibraries(List.of(new NativeLibraries.SharedLibrary("libc.so.6", libc)),
                Optional.of(new NativeLibraries.Interpreter("/lib64/ld-linux-x86-64.so.2", loader)), List.of());
        return new RamdiskContents(dir.resolve("java"), Optional.of(KernelFixture.VERSION), modules, busybox, List.of("bin/sh", "linuxrc"),
                libraries, Map.of("usr/local/bin/qemu-img", qemuImg), "#!/bin/sh\necho init\n", "#!/bin/sh\n", "#!/bin/sh\nexec java \"$@\"\n",
                Instant.parse("2026-01-01T00:00:00Z"));
    }

    private static String text(BuildPlan plan, String path) {
        PlanEntry.RegularFile file = (PlanEntry.RegularFile) plan.find(path).orElseThrow();
        return new String(((FileSource.Content) file.source()).bytes(), StandardCharsets.UTF_8);
    }
}
