package dev.ferrum.integration.vm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The firmware a lab VM starts with, and what that changes in its QEMU command: SeaBIOS (QEMU's
 * default) or OVMF, Debian's UEFI build of EDK II. OVMF's code is mapped read-only; its variable
 * store is a per-VM copy of the template, so the boot entries efibootmgr writes in the ramdisk
 * survive the power cycles the BMC makes (each one a new QEMU process) and the test can read them.
 */
enum Firmware {
    BIOS,
    UEFI;

    static final Path OVMF_CODE = Path.of("/usr/share/OVMF/OVMF_CODE.fd");
    static final Path OVMF_VARS = Path.of("/usr/share/OVMF/OVMF_VARS.fd");
    /** The iPXE a plain UEFI PXE client chainloads over TFTP (Debian's ipxe package). */
    static final Path IPXE_EFI = Path.of("/usr/lib/ipxe/snponly.efi");

    /** The per-VM variable store under {@code dir}. */
    static Path varsFile(Path dir) {
        return dir.resolve("OVMF_VARS.fd");
    }

    /** Why this firmware cannot run here, or empty. */
    Optional<String> missing() {
        if (this == BIOS) {
            return Optional.empty();
        }
        List<String> missing = new ArrayList<>();
        for (Path file : List.of(OVMF_CODE, OVMF_VARS, IPXE_EFI)) {
            if (!Files.isRegularFile(file)) {
                missing.add(file.toString());
            }
        }
        return missing.isEmpty() ? Optional.empty() : Optional.of("missing " + String.join(", ", missing)
                + " (apt-get install ovmf ipxe)");
    }

    /**
     * The QEMU words for the firmware, the NIC and the disk. Under UEFI the devices carry boot
     * indexes as placeholders that chassis_control.sh fills at each start from the BMC's boot
     * device: OVMF ignores {@code -boot}, it follows only the bootindex order QEMU hands it.
     */
    List<String> qemuWords(Path dir, String tap, String mac, List<Path> disks) throws IOException {
        List<String> words = new ArrayList<>();
        if (this == BIOS) {
            words.addAll(List.of("-netdev", "tap,id=n0,ifname=" + tap + ",script=no,downscript=no",
                    "-device", "virtio-net-pci,netdev=n0,mac=" + mac));
            disks.forEach(disk -> words.addAll(List.of("-drive", virtioDrive(disk))));
            return words;
        }
        Path vars = varsFile(dir);
        if (!Files.exists(vars)) {
            Files.copy(OVMF_VARS, vars, StandardCopyOption.COPY_ATTRIBUTES);
        }
        words.addAll(List.of("-drive", "if=pflash,format=raw,unit=0,readonly=on,file=" + OVMF_CODE,
                "-drive", "if=pflash,format=raw,unit=1,file=" + vars,
                "-netdev", "tap,id=n0,ifname=" + tap + ",script=no,downscript=no",
                "-device", "virtio-net-pci,netdev=n0,mac=" + mac + ",bootindex=@NET_BOOTINDEX@",
                "-drive", "file=" + disks.get(0) + ",format=raw,if=none,id=disk0",
                "-device", "virtio-blk-pci,drive=disk0,bootindex=@DISK_BOOTINDEX@"));
        // Further disks take no boot index: OVMF boots the first one's ESP.
        disks.subList(1, disks.size()).forEach(disk -> words.addAll(List.of("-drive", virtioDrive(disk))));
        return words;
    }

    /** A raw virtio disk as QEMU's {@code -drive} value; also how a disk is found again to detach it. */
    static String virtioDrive(Path disk) {
        return "file=" + disk + ",format=raw,if=virtio";
    }
}
