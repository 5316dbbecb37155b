package dev.ferrum.agent.rescue;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RamdiskRootTest {

    @Test
    void anInitramfsRootIsARamdisk() {
        assertThat(RamdiskRoot.isRamdisk("rootfs / rootfs rw,size=4019568k,nr_inodes=1004892 0 0\n"
                + "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0\n")).isTrue();
        assertThat(RamdiskRoot.isRamdisk("none / tmpfs rw 0 0\n")).isTrue();
    }

    @Test
    void aDiskOrContainerRootIsNot() {
        assertThat(RamdiskRoot.isRamdisk("/dev/sda1 / ext4 rw,relatime 0 0\n")).isFalse();
        assertThat(RamdiskRoot.isRamdisk("overlay / overlay rw,relatime,lowerdir=/l 0 0\n")).isFalse();
        // After switch_root the disk's mount hides the initramfs listed before it.
        assertThat(RamdiskRoot.isRamdisk("rootfs / rootfs rw 0 0\n/dev/vda2 / xfs rw 0 0\n")).isFalse();
        assertThat(RamdiskRoot.isRamdisk("")).isFalse();
    }
}
