package dev.ferrum.agent.bootloader;

import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.partition.PartitionDevices;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Installs GRUB from the deployed image, as IPA's {@code _install_grub2} does: mount the root
 * partition (and, for UEFI, the EFI system partition on its {@code /boot/efi}), bind the
 * ramdisk's {@code /dev}, {@code /proc}, {@code /sys} and {@code /run} into it, run the image's own
 * {@code grub-install}/{@code grub2-install} and {@code grub-mkconfig} in a chroot, add a UEFI boot
 * entry with {@code efibootmgr}, and unmount everything again whatever happened.
 *
 * <p>For UEFI, GRUB goes to the firmware's removable-media path ({@code \EFI\BOOT\BOOTX64.EFI} on
 * x86-64) as well as getting the boot entry: firmware that forgets its NVRAM entries (virtual
 * machines, replaced boards) still finds it.
 *
 * <p>A root on software RAID ({@code /dev/md0p1}) gets GRUB's BIOS boot code on every holder disk of
 * the array, as IPA does, so the machine boots from whichever disk survives. UEFI there would need an
 * EFI system partition on each holder outside the array (IPA's {@code prepare_boot_partitions_for_softraid});
 * this agent does not build those, and says so before touching anything.
 */
public final class BootloaderInstaller {
    private static final System.Logger LOG = System.getLogger(BootloaderInstaller.class.getName());
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final List<String> BIND_MOUNTS = List.of("dev", "proc", "sys", "run");
    private static final List<String> BIN_DIRS = List.of("usr/sbin", "sbin", "usr/bin", "bin");

    private final CommandRunner commands;
    private final RaidHolders raid;
    private final Path mountPoint;
    private final String architecture;

    /**
     * @param machine the commands to run and the sysfs to read (software RAID holders)
     * @param mountPoint where in the ramdisk to mount the instance's root (an empty or absent directory)
     * @param architecture the machine's {@code os.arch} ({@code amd64}, {@code aarch64}), for GRUB's EFI target
     */
    public BootloaderInstaller(MachineContext machine, Path mountPoint, String architecture) {
        this.commands = machine.commands();
        this.raid = new RaidHolders(machine.sys());
        this.mountPoint = mountPoint;
        this.architecture = architecture;
    }

    /** What was installed: the GRUB program used and whether a UEFI boot entry was added. */
    public record Installed(String grub, boolean efiBootEntry) {
    }

    public Optional<Installed> install(BootloaderRequest request, PartitionLocator partitions) {
        if (request.rootUuid().isEmpty()) {
            // IPA's rule: without a root UUID the image is a whole disk and brings its own bootloader.
            LOG.log(System.Logger.Level.INFO, "install_bootloader: no root_uuid, assuming a whole-disk image");
            return Optional.empty();
        }
        String rootUuid = request.rootUuid().get();
        String root = partitions.find(rootUuid).orElseThrow(() -> new CommandFailedException("DeviceNotFound", 404,
                "Root partition not found", "No partition with UUID or PARTUUID " + rootUuid + " exists; deploy the "
                + "partition image again (write_image reports the root uuid to pass)."));
        Optional<String> esp = Optional.empty();
        if (request.uefi()) {
            String espUuid = request.efiSystemPartUuid().orElseThrow(() -> CommandFailedException.invalidParams(
                    "target_boot_mode is uefi but no efi_system_part_uuid was given; pass the 'efi system partition "
                    + "uuid' that write_image reported, or deploy with boot_mode bios."));
            esp = Optional.of(partitions.find(espUuid).orElseThrow(() -> new CommandFailedException("DeviceNotFound",
                    404, "EFI system partition not found", "No partition with UUID or PARTUUID " + espUuid
                    + " exists; deploy the partition image again in uefi boot mode.")));
        }
        Optional<String> array = raid.array(root);
        String disk = array.map(md -> "/dev/" + md).orElseGet(() -> PartitionDevices.disk(root));
        // Every disk GRUB's BIOS boot code goes on: the root's disk, or each holder of its array.
        List<String> bootDisks = array.isPresent() ? raid.disks(array.get()) : List.of(disk);
        if (array.isPresent() && request.uefi()) {
            throw RaidHolders.failure("The root " + root + " is on software RAID " + disk + " (holders "
                    + String.join(", ", bootDisks) + ") and target_boot_mode is uefi: this agent does not build the "
                    + "EFI system partition each holder needs outside the array. Deploy with boot_mode bios "
                    + "(GRUB then goes on every holder), or deploy onto a single disk.");
        }
        Deque<String> mounted = new ArrayDeque<>();
        try {
            // The ramdisk's /tmp starts empty: the mount point is made here, not expected to exist.
            mount(List.of("mount", root, directory(mountPoint).toString()), mounted, mountPoint);
            if (esp.isPresent()) {
                Path efiDir = directory(mountPoint.resolve("boot/efi"));
                mount(List.of("mount", esp.get(), efiDir.toString()), mounted, efiDir);
            }
            for (String dir : BIND_MOUNTS) {
                Path inside = directory(mountPoint.resolve(dir));
                mount(List.of("mount", "-o", "bind", "/" + dir, inside.toString()), mounted, inside);
            }
            String grub = grubProgram("install");
            boolean grub2 = grub.contains("grub2");
            if (esp.isPresent()) {
                chroot(grub, "--target=" + efiTarget(), "--efi-directory=/boot/efi", "--removable", "--no-nvram");
            } else {
                for (String bootDisk : bootDisks) {
                    chroot(grub, "--target=i386-pc", bootDisk);
                }
            }
            linkRootByUuid(root, grub2);
            chroot(grubProgram("mkconfig"), "-o", grub2 ? "/boot/grub2/grub.cfg" : "/boot/grub/grub.cfg");
            boolean entry = esp.isPresent() && efiBootEntry(disk, PartitionDevices.number(esp.get()));
            return Optional.of(new Installed(grub, entry));
        } finally {
            unmountAll(mounted);
        }
    }

    private String efiTarget() {
        return switch (architecture) {
            case "aarch64", "arm64" -> "arm64-efi";
            default -> "x86_64-efi";
        };
    }

    private String removableLoader() {
        return efiTarget().equals("arm64-efi") ? "\\EFI\\BOOT\\BOOTAA64.EFI" : "\\EFI\\BOOT\\BOOTX64.EFI";
    }

    /**
     * grub-mkconfig names the root by its filesystem UUID only where {@code /dev/disk/by-uuid/<uuid>}
     * exists, which udev makes in IPA's ramdisk; this ramdisk has no udev, so without the link the
     * instance's kernel would get {@code root=/dev/vda3}, a name that changes with the disks present.
     * The UUID is what the image's own grub-probe reads, as grub-mkconfig does. Best effort: where it
     * fails, GRUB falls back to the device name and the machine still boots as it is.
     */
    private void linkRootByUuid(String root, boolean grub2) {
        Optional<String> probe = findGrubProgram("probe").filter(p -> p.contains("grub2") == grub2);
        if (probe.isEmpty()) {
            return;
        }
        try {
            CommandResult probed = commands.run(List.of("chroot", mountPoint.toString(), probe.get(), "--target=fs_uuid",
                    "--device", root), TIMEOUT);
            String uuid = probed.stdout().strip();
            if (!probed.succeeded() || !uuid.matches("[0-9A-Fa-f][0-9A-Fa-f-]*")) {
                LOG.log(System.Logger.Level.WARNING, "grub-probe found no filesystem UUID on " + root + " ("
                        + probed.stderr().strip() + "); grub.cfg names the root by its device");
                return;
            }
            Path link = Path.of("/dev/disk/by-uuid", uuid);
            if (!Files.exists(link)) {
                run(List.of("mkdir", "-p", link.getParent().toString()), "Cannot link the root by UUID");
                run(List.of("ln", "-s", root, link.toString()), "Cannot link the root by UUID");
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot link " + root + " under /dev/disk/by-uuid (" + e.getMessage()
                    + "); grub.cfg names the root by its device");
        }
    }

    /** The image's grub-{install,mkconfig} or grub2-…, as an absolute path inside the chroot. */
    private String grubProgram(String tool) {
        return findGrubProgram(tool).orElseThrow(() -> CommandFailedException.execution("The image has no grub-" + tool + " or grub2-" + tool + " (looked in /"
                + String.join(", /", BIN_DIRS) + "), so no bootloader can be installed from it. Install GRUB in the "
                + "image, deploy a whole-disk image instead, or pass ignore_bootloader_failure.", null));
    }

    private Optional<String> findGrubProgram(String tool) {
        for (String name : List.of("grub2-" + tool, "grub-" + tool)) {
            for (String dir : BIN_DIRS) {
                if (Files.isRegularFile(mountPoint.resolve(dir).resolve(name))) {
                    return Optional.of("/" + dir + "/" + name);
                }
            }
        }
        return Optional.empty();
    }

    private boolean efiBootEntry(String disk, int espNumber) {
        if (!commands.isAvailable("efibootmgr")) {
            LOG.log(System.Logger.Level.WARNING, "efibootmgr is not in the ramdisk; no UEFI boot entry added, the "
                    + "firmware finds GRUB on the removable-media path " + removableLoader());
            return false;
        }
        CommandResult result = commands.run(List.of("efibootmgr", "-c", "-d", disk, "-p", Integer.toString(espNumber),
                "-w", "-L", "ferrum", "-l", removableLoader()), TIMEOUT);
        if (!result.succeeded()) {
            // The ramdisk may have booted by BIOS (no EFI variables): the removable path still boots.
            LOG.log(System.Logger.Level.WARNING, "efibootmgr failed (" + result.stderr().strip() + "); the firmware "
                    + "finds GRUB on the removable-media path " + removableLoader());
            return false;
        }
        return true;
    }

    private void chroot(String... argv) {
        List<String> full = new ArrayList<>(List.of("chroot", mountPoint.toString()));
        full.addAll(List.of(argv));
        run(full, "Installing the bootloader failed");
    }

    private void mount(List<String> argv, Deque<String> mounted, Path where) {
        run(argv, "Cannot mount for the bootloader installation");
        mounted.push(where.toString());
    }

    private void run(List<String> argv, String what) {
        CommandResult result = commands.run(argv, TIMEOUT);
        if (!result.succeeded()) {
            throw CommandFailedException.execution(what + ": " + String.join(" ", argv) + " exited with "
                    + result.exitCode() + ": " + result.stderr().strip(), null);
        }
    }

    private static Path directory(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw CommandFailedException.execution("Cannot create " + dir + " for the bootloader installation: "
                    + e.getMessage(), e);
        }
    }

    private void unmountAll(Deque<String> mounted) {
        while (!mounted.isEmpty()) {
            String dir = mounted.pop();
            // Unmounting must not hide the installation's own failure: a leftover mount only costs the ramdisk.
            try {
                CommandResult result = commands.run(List.of("umount", dir), TIMEOUT);
                if (!result.succeeded()) {
                    LOG.log(System.Logger.Level.WARNING, "umount " + dir + " failed: " + result.stderr().strip());
                }
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "umount " + dir + " failed: " + e.getMessage());
            }
        }
    }
}
