package dev.ferrum.imagebuilder.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ModInfoTest {

    @Test
    void readsDependsNormalisedAndIgnoresOtherFields() {
        byte[] section = ("alias=pci:v00001AF4d00001000sv*\0depends=virtio_ring,nvme-core,\0retpoline=Y\0"
                + "name=virtio_net\0vermagic=6.1.0-56-amd64 SMP preempt mod_unload modversions \0").getBytes(StandardCharsets.UTF_8);

        ModInfo info = ModInfo.parse(section);

        assertThat(info.name()).contains("virtio_net");
        assertThat(info.depends()).containsExactly("virtio_ring", "nvme_core");
        assertThat(info.vermagic()).contains("6.1.0-56-amd64 SMP preempt mod_unload modversions");
    }

    @Test
    void collectsEveryAliasInOrder() {
        byte[] section = ("alias=fs-ext4\0name=ext4\0alias=ext3\0alias=fs-ext3\0").getBytes(StandardCharsets.UTF_8);

        assertThat(ModInfo.parse(section).aliases()).containsExactly("fs-ext4", "ext3", "fs-ext3");
    }

    @Test
    void emptyDependsMeansNone() {
        assertThat(ModInfo.parse("depends=\0name=e1000\0".getBytes(StandardCharsets.UTF_8)).depends()).isEmpty();
    }
}
