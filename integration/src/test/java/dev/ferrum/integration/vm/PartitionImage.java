package dev.ferrum.integration.vm;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The partition image the QEMU deploy tests boot: an ext4 filesystem (label {@code ferrum-root}) built by
 * {@code src/test/scripts/build-partition-image.sh} from the host's Debian packages, holding the ramdisk's
 * kernel, a busybox initramfs whose init prints {@code marker}, and GRUB for the firmware's target
 * (i386-pc or x86_64-efi), so the agent's install_bootloader runs the image's own grub-install in a chroot.
 */
final class PartitionImage {
    private static final Path IMAGE_SCRIPT = Path.of("src/test/scripts/build-partition-image.sh");

    private PartitionImage() {
    }

    /** Builds the image into {@code scratch} and returns its bytes. */
    static byte[] build(Path scratch, String marker, Firmware firmware) throws Exception {
        Path image = scratch.resolve("root.img");
        // The instance runs the ramdisk's own Debian kernel: it is at hand and boots under QEMU.
        HostCommands.run("bash", IMAGE_SCRIPT.toString(), VmLab.ramdisk(scratch).kernel().toString(), "6.1.0-ferrum",
                marker, image.toString(), firmware.name().toLowerCase(java.util.Locale.ROOT));
        return Files.readAllBytes(image);
    }

    /** Skips the calling test, saying why, unless the host can build the image. */
    static void assumeToolsPresent(String who, Firmware firmware) {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("grub-install", "grub-mkconfig", "grub-probe", "mkfs.ext4", "cpio", "gzip")) {
            if (HostCommands.find(tool).isEmpty()) {
                missing.add(tool);
            }
        }
        String target = firmware == Firmware.UEFI ? "x86_64-efi" : "i386-pc";
        if (!Files.isDirectory(Path.of("/usr/lib/grub", target))) {
            missing.add("GRUB's " + target + " modules");
        }
        String why = missing.isEmpty() ? "" : "missing " + String.join(", ", missing) + " (apt-get install "
                + (firmware == Firmware.UEFI ? "grub-efi-amd64-bin" : "grub-pc-bin")
                + " grub2-common e2fsprogs cpio gzip) to build the partition image";
        if (!why.isEmpty()) {
            System.out.println(who + " SKIPPED: " + why);
        }
        assumeTrue(why.isEmpty(), who + " skipped: " + why);
    }
}
