package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * deployed through the API with {@code image_type=partition}, {@code root_gb}, {@code swap_mb}, a
 * boot mode and a config drive given as a JSON object. The image is an ext4 filesystem built by
 * {@code src/test/scripts/build-partition-image.sh} from the host's Debian packages: a kernel, a
 * busybox initramfs whose init prints a per-run marker, and GRUB for the boot mode. So the agent must
 * lay out the disk, stream the image into the root partition, make swap, write the config drive,
 * and the conductor's install_bootloader must make the agent mount the root and run the image's own
 * grub-install and grub-mkconfig in a chroot; the machine then boots from its disk through GRUB into
 * the image's kernel, which prints the marker.
 *
 * <p>BIOS: SeaBIOS, an MBR disk, GRUB's boot code in the MBR. UEFI: OVMF, which PXE-boots the ramdisk
 * through iPXE for UEFI; a GPT disk with an EFI system partition holding GRUB at the removable-media
 * path, and the boot entry the ramdisk's efibootmgr wrote into OVMF's variable store, pointing at the
 * EFI system partition whose UUID the agent reported. Each skips, saying why, where the VM lab, the
 * firmware or GRUB's tools for the mode are missing; CI installs them.
 */
@Tag("qemu")
class PartitionImageVmTest {
    /** Each boot of the ramdisk and its work; TCG on a machine shared with other builds takes minutes. */
    private static final Duration BOOT_AND_WORK = Duration.ofMinutes(10);
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
        Path disk = deployAndBoot(Firmware.BIOS);
        assertThat(new String(DiskPartitions.bootSector(disk), StandardCharsets.ISO_8859_1))
                .as("grub-install wrote GRUB's boot code to the MBR").contains("GRUB");
        assertThat(DiskPartitions.isGpt(disk)).as("boot_mode bios lays out an MBR disk").isFalse();
    }

    @Test
    void deploysAUefiPartitionImageThatBootsThroughItsEfiSystemPartition() throws Exception {
        Path disk = deployAndBoot(Firmware.UEFI);
        assertThat(DiskPartitions.isGpt(disk)).as("boot_mode uefi lays out a GPT disk").isTrue();
        List<DiskPartitions.Entry> entries = DiskPartitions.entries(disk);
        List<DiskPartitions.Entry> esps = entries.stream().filter(e -> e.type().equals(DiskPartitions.GPT_EFI_SYSTEM))
                .toList();
        assertThat(esps).as("one EFI system partition: %s", entries).hasSize(1);
        DiskPartitions.Entry esp = esps.getFirst();
        byte[] espBytes = DiskPartitions.head(disk, esp, 64 << 20);
        assertThat(new String(espBytes, 0, 90, StandardCharsets.ISO_8859_1)).as("the ESP is FAT").contains("FAT");
        assertThat(new String(espBytes, StandardCharsets.ISO_8859_1))
                .as("grub-install put GRUB at the removable-media path EFI/BOOT/BOOTX64.EFI").contains("BOOTX64 EFI");
        // efibootmgr's entry: its description and, in its HD() device path node, the ESP's unique GUID.
        byte[] variables = Files.readAllBytes(lab.vm().uefiVariables());
        assertThat(holds(variables, "ferrum".getBytes(StandardCharsets.UTF_16LE)))
                .as("a boot entry 'ferrum' in OVMF's variable store").isTrue();
        assertThat(holds(variables, DiskPartitions.guidBytes(esp.partUuid().orElseThrow())))
                .as("the boot entry points at the EFI system partition %s", esp.partUuid().get()).isTrue();
        // And OVMF booted the instance through that entry (its boot manager names what it starts):
        // the ESP efibootmgr was given is the partition whose UUID the agent reported to install_bootloader.
        assertThat(lab.vm().console()).as("OVMF started the 'ferrum' entry on the ESP\n%s", lab.vm().consoleTail(60))
                .containsPattern("starting Boot[0-9A-F]{4} \"ferrum\" from HD\\(" + esp.number() + ",GPT,(?i:"
                        + esp.partUuid().get() + "),");
    }

    /**
     * Cleans and deploys the partition image for {@code firmware}'s boot mode, waits for the image's
     * kernel to print the marker, checks the layout both modes share and returns the VM's disk.
     */
    private Path deployAndBoot(Firmware firmware) throws Exception {
        String who = "PartitionImageVmTest(" + firmware + ")";
        VmLab.assumeToolsPresent(who, firmware);
        PartitionImage.assumeToolsPresent(who, firmware);
        String mode = firmware.name().toLowerCase(java.util.Locale.ROOT);
        String marker = "FERRUM-PARTITION-MARKER-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        byte[] imageBytes = PartitionImage.build(temp, marker, firmware);
        lab = VmLab.start(temp, Map.of("root.img", imageBytes), firmware, 1);
        BmcManagedVm vm = lab.vm();

        ArrayNode capabilities = lab.json().createArrayNode();
        capabilities.addObject().put("op", "add").put("path", "/properties/capabilities").put("value", "boot_mode:" + mode);
        lab.call("PATCH", "/v1/nodes/" + lab.nodeUuid(), capabilities, 200);
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
        System.out.printf("%s: deploy took %.1f s%n", who, (System.nanoTime() - deployStarted) / 1e9);

        assertThat(VmLab.eventually(Duration.ofMinutes(3), () -> vm.console().contains(marker)))
                .as("the VM booted its disk through GRUB into the image's kernel, whose init printed %s\n%s", marker,
                        vm.consoleTail(60))
                .isTrue();
        assertThat(lab.node().path("provision_state").asText()).isEqualTo("active");
        assertDiskLayout(vm.disk(), imageBytes);
        return vm.disk();
    }

    /**
     * The layout both boot modes share: a swap partition of {@code swap_mb}, the image in a 1 GiB
     * root partition, and the config-2 ISO in a partition of its own.
     */
    private void assertDiskLayout(Path disk, byte[] image) throws Exception {
        List<DiskPartitions.Entry> entries = DiskPartitions.entries(disk);
        String layout = entries.toString();
        assertThat(entries).as("swap: %s", layout).filteredOn(DiskPartitions.Entry::isSwap).singleElement()
                .satisfies(swap -> {
                    assertThat(swap.sectors() * 512).isEqualTo(SWAP_MB << 20);
                    byte[] page = DiskPartitions.head(disk, swap, 4096);
                    assertThat(new String(page, 4086, 10, StandardCharsets.US_ASCII)).isEqualTo("SWAPSPACE2");
                });
        List<DiskPartitions.Entry> roots = new ArrayList<>();
        List<byte[]> drives = new ArrayList<>();
        for (DiskPartitions.Entry entry : entries) {
            byte[] head = DiskPartitions.head(disk, entry, 64 << 10);
            if (ext4Label(head).equals("ferrum-root")) {
                roots.add(entry);
            } else if (ConfigDriveIso.isConfigDrive(head)) {
                drives.add(DiskPartitions.head(disk, entry, 64 << 20));
            }
        }
        assertThat(roots).as("the image's filesystem (label ferrum-root) in one partition: %s", layout).singleElement()
                .satisfies(root -> assertThat(root.sectors() * 512).as("root_gb 1").isEqualTo(1L << 30));
        assertThat(image.length).isLessThan(1 << 30);
        assertThat(drives).as("one config drive partition: %s", layout).hasSize(1);
        ConfigDriveIso.assertHolds(drives.getFirst(), "ferrum-partition-vm", lab.nodeUuid(), temp, "PartitionImageVmTest");
    }

    /** Whether {@code needle} occurs in {@code haystack} (ISO-8859-1 maps each byte to one char). */
    private static boolean holds(byte[] haystack, byte[] needle) {
        return new String(haystack, StandardCharsets.ISO_8859_1).contains(new String(needle, StandardCharsets.ISO_8859_1));
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
