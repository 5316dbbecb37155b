package dev.ferrum.hardware.generic.disk;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DiskNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"sda", "sdaa", "nvme0n1", "nvme12n3", "vda", "xvda", "hda", "mmcblk0", "pmem0"})
    void realDisks(String name) {
        assertThat(DiskNames.isCandidate(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"loop0", "ram0", "zram0", "dm-0", "md0", "md127", "nbd3", "sr0", "fd0",
            "mmcblk0boot0", "mmcblk0boot1", "mmcblk0rpmb", " "})
    void notDisks(String name) {
        assertThat(DiskNames.isCandidate(name)).isFalse();
    }
}
