package dev.ferrum.imagebuilder.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.FakeCommandRunner;
import dev.ferrum.imagebuilder.elf.ElfFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelModulesTest {
    @TempDir
    Path dir;
    private Path modules;
    private final FakeCommandRunner runner = new FakeCommandRunner();

    @BeforeEach
    void kernel() {
        modules = KernelFixture.modulesDirectory(KernelFixture.write(dir.resolve("kernel")));
    }

    @Test
    void ordersEveryModuleAfterItsDependenciesAsTestingMdLoadsVirtio() {
        ModuleSelection selection = open().select(List.of("virtio_pci", "virtio_net"), name -> name.startsWith("virtio"));

        assertThat(selection.loadOrder()).extracting(KernelModule::name).containsExactly(
                "virtio_ring", "virtio_pci_modern_dev", "virtio_pci_legacy_dev", "virtio", "virtio_pci",
                "failover", "net_failover", "virtio_net");
        assertThat(selection.loadOrder().getLast().relativePath()).isEqualTo("kernel/drivers/net/virtio_net.ko");
    }

    @Test
    void dashedFileNamesAndSharedDependenciesAppearOnce() {
        ModuleSelection selection = open().select(List.of("nvme", "sd_mod", "virtio_scsi"), name -> false);

        assertThat(selection.loadOrder()).extracting(KernelModule::name).containsExactly(
                "nvme_core", "nvme", "scsi_common", "scsi_mod", "t10_pi", "sd_mod", "virtio_ring", "virtio", "virtio_scsi");
    }

    @Test
    void reportsMissingAndBuiltInModulesWithoutFailing() {
        ModuleSelection selection = open().select(List.of("e1000", "mlx5_core", "ahci"), name -> name.startsWith("virtio"));

        assertThat(selection.loadOrder()).extracting(KernelModule::name).containsExactly("e1000");
        assertThat(selection.missing()).containsExactly("mlx5_core");
        assertThat(selection.builtIn()).containsExactly("ahci");
    }

    @Test
    void aMissingRequiredModuleFailsTheBuild() throws IOException {
        Files.delete(modules.resolve("kernel/drivers/net/virtio_net.ko"));

        assertThatThrownBy(() -> open().select(List.of("virtio_net"), name -> name.startsWith("virtio")))
                .isInstanceOf(ImageBuildException.class)
                .hasMessageContaining("has no module virtio_net");
    }

    @Test
    void aMissingDependencyIsABrokenTree() throws IOException {
        Files.delete(modules.resolve("kernel/net/core/failover.ko"));

        assertThatThrownBy(() -> open().select(List.of("virtio_net"), name -> false))
                .isInstanceOf(ImageBuildException.class)
                .hasMessageContaining("needs failover");
    }

    @Test
    void prefersModulesDepWhenTheTreeHasOne() throws IOException {
        // depmod says e1000 needs scsi_common (a fiction), and .modinfo says nothing: modules.dep wins.
        Files.writeString(modules.resolve("modules.dep"), "kernel/drivers/net/ethernet/intel/e1000/e1000.ko: kernel/drivers/scsi/scsi_common.ko\n");

        ModuleSelection selection = open().select(List.of("e1000"), name -> false);

        assertThat(selection.loadOrder()).extracting(KernelModule::name).containsExactly("scsi_common", "e1000");
    }

    @Test
    void decompressesXzModulesAtBuildTimeForBusyboxInsmod() throws IOException {
        Path plain = modules.resolve("kernel/drivers/net/ethernet/intel/e1000/e1000.ko");
        Files.move(plain, plain.resolveSibling("e1000.ko.xz"));
        runner.on("xz", command -> {
            // The "compressed" fixture holds plain bytes; copying them is this fake's decompression.
            try {
                Files.copy(Path.of(command.argv().getLast()), command.stdoutFile().orElseThrow());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return CommandResult.success("");
        });

        ModuleSelection selection = open().select(List.of("e1000"), name -> false);

        KernelModule e1000 = selection.loadOrder().getFirst();
        assertThat(e1000.relativePath()).isEqualTo("kernel/drivers/net/ethernet/intel/e1000/e1000.ko");
        assertThat(e1000.file()).startsWith(dir.resolve("work")).hasBinaryContent(ElfFixtures.kernelModule("e1000", List.of()));
        assertThat(runner.calls("xz")).singleElement().satisfies(c -> assertThat(c.argv()).startsWith("xz", "-dc"));
    }

    private KernelModules open() {
        return KernelModules.open(modules, new ModuleDecompressor(runner, dir.resolve("work")));
    }
}
