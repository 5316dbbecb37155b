package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition image deployed for real: the VM lab's machine (see {@link VmLab}) is cleaned, then
 * deployed through the API with {@code image_type=partition}, {@code root_gb}, {@code swap_mb}, BIOS
 * boot mode and a config drive given as a JSON object. The image is an ext4 filesystem built by
 * {@code src/test/scripts/build-partition-image.sh} from the host's Debian packages: a kernel, a
 * busybox initramfs whose init prints a per-run marker, and GRUB for i386-pc. So the agent must lay
 * out the MBR disk, stream the image into the root partition, make swap, write the config drive,
 * and the conductor's install_bootloader must make the agent mount the root and run the image's own
 * grub-install and grub-mkconfig in a chroot; the machine then boots from its disk through GRUB into
 * the image's kernel, which prints the marker. Skips, saying why, where the VM lab or GRUB's BIOS
 * tools are missing; CI installs them.
 */
@Tag("qemu")
class PartitionImageVmTest {
    private static final Duration BOOT_AND_WORK = Duration.ofMinutes(6);
    private static final int SWAP_MB = 64;

    private VmLab lab;

    @TempDir
    Path temp;

    @AfterEach
    void stopEverything() {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void deploysAPartitionImageThatBootsThroughTheGrubItInstalled() throws Exception {
        VmLab.assumeToolsPresent("PartitionImageVmTest");
        PartitionImage.assumeToolsPresent("PartitionImageVmTest");
        String marker = "FERRUM-PARTITION-MARKER-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        byte[] imageBytes = PartitionImage.build(temp, marker);
        lab = VmLab.start(temp, Map.of("root.img", imageBytes));
        BmcManagedVm vm = lab.vm();

        ArrayNode bios = lab.json().createArrayNode();
        bios.addObject().put("op", "add").put("path", "/properties/capabilities").put("value", "boot_mode:bios");
        lab.call("PATCH", "/v1/nodes/" + lab.nodeUuid(), bios, 200);
        lab.provision("manage", "manageable", Duration.ofMinutes(1));
        lab.provision("provide", "available", BOOT_AND_WORK);

        ArrayNode patch = lab.json().createArrayNode();
        Map.of("image_source", lab.api() + "/boot/files/root.img", "image_type", "partition", "root_gb", "1",
                "swap_mb", Integer.toString(SWAP_MB), "image_os_hash_algo", "sha256", "image_os_hash_value",
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(imageBytes)))
                .forEach((key, value) -> patch.addObject().put("op", "add").put("path", "/instance_info/" + key)
                        .put("value", value));
        lab.call("PATCH", "/v1/nodes/" + lab.nodeUuid(), patch, 200);
        ObjectNode deploy = lab.json().createObjectNode().put("target", "active");
        deploy.putObject("configdrive").put("user_data", "#cloud-config\n").putObject("meta_data")
                .put("hostname", "ferrum-partition-vm");
        long deployStarted = System.nanoTime();
        lab.provision(deploy, "active", BOOT_AND_WORK);
        System.out.printf("PartitionImageVmTest: deploy took %.1f s%n", (System.nanoTime() - deployStarted) / 1e9);

        assertThat(VmLab.eventually(Duration.ofMinutes(3), () -> vm.console().contains(marker)))
                .as("the VM booted its disk through GRUB into the image's kernel, whose init printed %s\n%s", marker,
                        vm.consoleTail(60))
                .isTrue();
        assertThat(lab.node().path("provision_state").asText()).isEqualTo("active");
        assertDiskLayout(vm.disk(), imageBytes);
    }

    /**
     * The disk the agent laid out: GRUB's boot code in the MBR, a swap partition of {@code swap_mb},
     * the image in a 1 GiB root partition, and the config-2 ISO in a partition of its own.
     */
    private void assertDiskLayout(Path disk, byte[] image) throws Exception {
        List<MbrPartitions.Entry> entries = MbrPartitions.entries(disk);
        String layout = entries.toString();
        assertThat(new String(MbrPartitions.bootSector(disk), StandardCharsets.ISO_8859_1))
                .as("grub-install wrote GRUB's boot code to the MBR").contains("GRUB");
        assertThat(entries).as("swap: %s", layout).filteredOn(e -> e.type() == 0x82).singleElement()
                .satisfies(swap -> {
                    assertThat(swap.sectors() * 512).isEqualTo(SWAP_MB << 20);
                    byte[] page = MbrPartitions.head(disk, swap, 4096);
                    assertThat(new String(page, 4086, 10, StandardCharsets.US_ASCII)).isEqualTo("SWAPSPACE2");
                });
        List<MbrPartitions.Entry> roots = new ArrayList<>();
        List<byte[]> drives = new ArrayList<>();
        for (MbrPartitions.Entry entry : entries) {
            byte[] head = MbrPartitions.head(disk, entry, 64 << 10);
            if (ext4Label(head).equals("ferrum-root")) {
                roots.add(entry);
            } else if (ConfigDriveIso.isConfigDrive(head)) {
                drives.add(MbrPartitions.head(disk, entry, 64 << 20));
            }
        }
        assertThat(roots).as("the image's filesystem (label ferrum-root) in one partition: %s", layout).singleElement()
                .satisfies(root -> assertThat(root.sectors() * 512).as("root_gb 1").isEqualTo(1L << 30));
        assertThat(image.length).isLessThan(1 << 30);
        assertThat(drives).as("one config drive partition: %s", layout).hasSize(1);
        ConfigDriveIso.assertHolds(drives.getFirst(), "ferrum-partition-vm", lab.nodeUuid(), temp, "PartitionImageVmTest");
    }

    /** An ext2/3/4 superblock's volume label, or "" when {@code head} holds none. */
    private static String ext4Label(byte[] head) {
        if (head.length < 2048) {
            return "";
        }
        ByteBuffer superblock = ByteBuffer.wrap(head, 1024, 1024).order(ByteOrder.LITTLE_ENDIAN);
        if ((superblock.getShort(1024 + 56) & 0xffff) != 0xEF53) {
            return "";
        }
        return new String(head, 1024 + 120, 16, StandardCharsets.US_ASCII).replace("\0", "");
    }
}
