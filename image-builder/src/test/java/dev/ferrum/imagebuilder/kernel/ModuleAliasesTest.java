package dev.ferrum.imagebuilder.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModuleAliasesTest {
    // In load order, as KernelModules.select returns them; aliases as Debian 6.1's .modinfo has them (abridged).
    private static final KernelModule VIRTIO_RING = module("virtio_ring", List.of());
    private static final KernelModule VIRTIO_PCI = module("virtio_pci", List.of("virtio_ring"), "pci:v00001AF4d*sv*sd*bc*sc*i*");
    private static final KernelModule VIRTIO_NET = module("virtio_net", List.of("virtio_ring"), "virtio:d00000001v*");
    private static final KernelModule SCSI_MOD = module("scsi_mod", List.of());
    private static final KernelModule VIRTIO_SCSI = module("virtio_scsi", List.of("scsi_mod", "virtio_ring"), "virtio:d00000008v*");
    private static final KernelModule SD_MOD = module("sd_mod", List.of("scsi_mod"), "scsi:t-0x00*", "scsi:t-0x0e*");
    private static final KernelModule DCA = module("dca", List.of());
    private static final KernelModule IGB = module("igb", List.of("dca"), "pci:v00008086d00001533sv*sd*bc*sc*i*");
    private static final KernelModule JBD2 = module("jbd2", List.of());
    private static final KernelModule EXT4 = module("ext4", List.of("jbd2"), "fs-ext4", "ext3", "fs-ext3");
    private static final List<KernelModule> LOAD_ORDER = List.of(VIRTIO_RING, VIRTIO_PCI, VIRTIO_NET, SCSI_MOD, VIRTIO_SCSI,
            SD_MOD, DCA, IGB, JBD2, EXT4);

    @Test
    void pciAndVirtioDriversWaitForTheirDevicesAndTheRestLoadsAtBoot() {
        assertThat(ModuleAliases.coldplugged(VIRTIO_NET)).isTrue();
        assertThat(ModuleAliases.coldplugged(IGB)).isTrue();
        // SCSI disks appear after their controller's asynchronous scan: one pass could miss them.
        assertThat(ModuleAliases.coldplugged(SD_MOD)).isFalse();
        assertThat(ModuleAliases.coldplugged(EXT4)).isFalse();
    }

    @Test
    void atBootKeepsTheLoadOrderAndLeavesDriversAndTheirOwnDependenciesToModprobe() {
        // virtio_ring and dca serve only coldplugged drivers; scsi_mod is also needed by sd_mod, which loads at boot.
        assertThat(ModuleAliases.loadedAtBoot(LOAD_ORDER)).containsExactly(SCSI_MOD, SD_MOD, JBD2, EXT4);
    }

    @Test
    void everythingLoadsAtBootWhenNoModuleHasADeviceAlias() {
        List<KernelModule> plain = List.of(module("failover", List.of()), module("net_failover", List.of("failover")));

        assertThat(ModuleAliases.loadedAtBoot(plain)).isEqualTo(plain);
    }

    @Test
    void modulesAliasIsInDepmodsFormatAndSkipsWordsModprobeCouldNotRead() {
        KernelModule odd = module("odd", List.of(), "pci:v0000 space", "of:N*T*Cfoo");

        assertThat(ModuleAliases.render(List.of(VIRTIO_PCI, EXT4, odd))).isEqualTo("""
                alias pci:v00001AF4d*sv*sd*bc*sc*i* virtio_pci
                alias fs-ext4 ext4
                alias ext3 ext4
                alias fs-ext3 ext4
                alias of:N*T*Cfoo odd
                """);
        assertThat(ModuleAliases.coldplugged(module("spaced", List.of(), "pci:v0000 space"))).isFalse();
    }

    private static KernelModule module(String name, List<String> depends, String... aliases) {
        return new KernelModule(name, "kernel/" + name + ".ko", Path.of("/nonexistent/" + name + ".ko"), depends, List.of(aliases));
    }
}
