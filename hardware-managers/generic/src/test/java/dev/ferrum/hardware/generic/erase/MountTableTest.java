package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MountTableTest {

    @Test
    void keepsPathSourcesOfMountsAndSwaps() {
        String mounts = """
                rootfs / rootfs rw 0 0
                proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
                /dev/sda2 /mnt/old\\040data ext4 rw,relatime 0 0
                /dev/mapper/vg-root /target xfs rw 0 0
                tmpfs /run tmpfs rw 0 0
                """;
        String swaps = """
                Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority
                /dev/sdb1                               partition\t2097148\t\t0\t\t-2
                """;

        MountTable table = MountTable.parse(mounts, swaps);

        assertThat(table.entries()).containsExactly(
                new MountTable.Entry("/dev/sda2", "mounted at /mnt/old data"),
                new MountTable.Entry("/dev/mapper/vg-root", "mounted at /target"),
                new MountTable.Entry("/dev/sdb1", "used as swap"));
    }

    @Test
    void emptyInputsGiveAnEmptyTable() {
        assertThat(MountTable.parse("", "").entries()).isEmpty();
    }
}
