package dev.ferrum.imagebuilder.kernel;

import dev.ferrum.imagebuilder.elf.ElfFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A fake kernel for tests: a "bzImage" of marker bytes and a module tree shaped like Debian's
 * 6.1 kernel (real module names and dependencies, {@code .modinfo} only, no modules.dep, and
 * {@code ahci} built in), so resolution and layout are exercised without a 70 MB package.
 */
public final class KernelFixture {
    public static final String VERSION = "6.1.0-test-amd64";

    /** Module path (under kernel/) to its .modinfo dependencies. */
    public static final Map<String, List<String>> MODULES = Map.ofEntries(
            Map.entry("drivers/virtio/virtio_ring.ko", List.of()),
            Map.entry("drivers/virtio/virtio.ko", List.of()),
            Map.entry("drivers/virtio/virtio_pci_modern_dev.ko", List.of()),
            Map.entry("drivers/virtio/virtio_pci_legacy_dev.ko", List.of()),
            Map.entry("drivers/virtio/virtio_pci.ko", List.of("virtio_ring", "virtio_pci_modern_dev", "virtio_pci_legacy_dev", "virtio")),
            Map.entry("net/core/failover.ko", List.of()),
            Map.entry("drivers/net/net_failover.ko", List.of("failover")),
            Map.entry("drivers/net/virtio_net.ko", List.of("virtio_ring", "virtio", "net_failover")),
            Map.entry("drivers/block/virtio_blk.ko", List.of("virtio", "virtio_ring")),
            Map.entry("drivers/scsi/scsi_common.ko", List.of()),
            Map.entry("drivers/scsi/scsi_mod.ko", List.of("scsi_common")),
            Map.entry("drivers/scsi/virtio_scsi.ko", List.of("scsi_mod", "virtio_ring", "virtio")),
            Map.entry("drivers/scsi/sd_mod.ko", List.of("scsi_mod", "t10-pi")),
            Map.entry("block/t10-pi.ko", List.of()),
            Map.entry("drivers/net/ethernet/intel/e1000/e1000.ko", List.of()),
            Map.entry("drivers/nvme/host/nvme-core.ko", List.of()),
            Map.entry("drivers/nvme/host/nvme.ko", List.of("nvme-core")),
            Map.entry("crypto/crc32c_generic.ko", List.of()),
            Map.entry("lib/crc16.ko", List.of()),
            Map.entry("fs/mbcache.ko", List.of()),
            Map.entry("fs/jbd2/jbd2.ko", List.of()),
            Map.entry("fs/ext4/ext4.ko", List.of("jbd2", "mbcache", "crc16")),
            Map.entry("fs/fat/fat.ko", List.of()),
            Map.entry("fs/fat/vfat.ko", List.of("fat")),
            Map.entry("fs/nls/nls_cp437.ko", List.of()),
            Map.entry("fs/nls/nls_ascii.ko", List.of()),
            Map.entry("drivers/md/md-mod.ko", List.of()),
            Map.entry("drivers/md/raid0.ko", List.of("md-mod")),
            Map.entry("drivers/md/raid1.ko", List.of("md-mod")),
            Map.entry("drivers/md/raid10.ko", List.of("md-mod")),
            Map.entry("fs/efivarfs/efivarfs.ko", List.of()));

    private KernelFixture() {
    }

    /** Writes the fake kernel under {@code root}: {@code boot/vmlinuz-VERSION} and {@code lib/modules/VERSION}. */
    public static Path write(Path root) {
        try {
            Path modules = Files.createDirectories(root.resolve("lib/modules/" + VERSION));
            for (Map.Entry<String, List<String>> module : MODULES.entrySet()) {
                Path file = modules.resolve("kernel/" + module.getKey());
                Files.createDirectories(file.getParent());
                String name = file.getFileName().toString().replace(".ko", "").replace('-', '_');
                Files.write(file, ElfFixtures.kernelModule(name, module.getValue()));
            }
            Files.writeString(modules.resolve("modules.builtin"), "kernel/drivers/ata/ahci.ko\nkernel/drivers/ata/libahci.ko\n");
            Path boot = Files.createDirectories(root.resolve("boot"));
            Files.write(boot.resolve("vmlinuz-" + VERSION), "not really a bzImage\n".getBytes(StandardCharsets.UTF_8));
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path modulesDirectory(Path root) {
        return root.resolve("lib/modules/" + VERSION);
    }

    public static Path image(Path root) {
        return root.resolve("boot/vmlinuz-" + VERSION);
    }
}
