package dev.ferrum.agent.deploy;

import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.partition.DiskGeometry;
import dev.ferrum.agent.partition.DiskPartitioner;
import dev.ferrum.agent.partition.FilesystemUuid;
import dev.ferrum.agent.partition.PartitionPlan;
import dev.ferrum.agent.partition.PartitionRequest;
import dev.ferrum.agent.partition.PartitionRole;
import dev.ferrum.agent.partition.PartitionTableException;
import dev.ferrum.agent.partition.PartitionUuids;
import dev.ferrum.agent.partition.PartitionDevices;
import dev.ferrum.agent.partition.PlannedPartition;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.protocol.image.ImageInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The disk side of a partition-image deploy, ironic-lib's {@code work_on_disk} in three moves:
 * {@link #partition} lays out and writes the table, the caller streams the image into the root
 * partition, {@link #finish} makes the EFI, swap and ephemeral filesystems and reports the UUIDs.
 */
final class PartitionedDisk {
    private static final System.Logger LOG = System.getLogger(PartitionedDisk.class.getName());
    private static final Duration MKFS_TIMEOUT = Duration.ofMinutes(30);

    private final CommandRunner commands;
    private final DiskPartitioner partitioner;

    PartitionedDisk(CommandRunner commands, DiskPartitioner partitioner) {
        this.commands = commands;
        this.partitioner = partitioner;
    }

    /** A written partition table: its plan and the PARTUUIDs by role. */
    record Layout(PartitionPlan plan, PartitionUuids uuids, DiskGeometry geometry) {
        long rootOffset() {
            return plan.root().firstLba() * geometry.sectorBytes();
        }

        long rootBytes() {
            return plan.root().sectorCount() * geometry.sectorBytes();
        }
    }

    /** The layout {@code image_info} asks for: ironic-lib's rules, Ironic's default boot mode (uefi). */
    static PartitionRequest request(ImageInfo info, boolean configDrive) {
        if (info.preserveEphemeral().orElse(false)) {
            throw CommandFailedException.invalidParams("preserve_ephemeral is not supported for partition images"
                    + " by this agent yet; rebuild without --preserve-ephemeral (the ephemeral partition is recreated).");
        }
        String bootMode = info.deployBootMode().orElse("uefi").toLowerCase(Locale.ROOT);
        if (!bootMode.equals("uefi") && !bootMode.equals("bios")) {
            throw CommandFailedException.invalidParams("image_info deploy_boot_mode '" + bootMode
                    + "' is not supported; use uefi or bios.");
        }
        boolean localBoot = !info.bootOption().filter("netboot"::equals).isPresent();
        try {
            return new PartitionRequest(bootMode.equals("uefi"), info.diskLabel(), localBoot,
                    info.rootMb().orElse(0L), info.swapMb().orElse(0L), info.ephemeralMb().orElse(0L),
                    configDrive ? 64 : 0);
        } catch (PartitionTableException e) {
            throw CommandFailedException.invalidParams(e.getMessage());
        }
    }

    Layout partition(Path device, String diskName, DiskGeometry geometry, PartitionRequest request) {
        try (FileChannel channel = FileChannel.open(device, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            PartitionPlan plan = PartitionPlan.of(request, geometry);
            return new Layout(plan, partitioner.write(channel, geometry, plan, diskName), geometry);
        } catch (PartitionTableException e) {
            throw new CommandFailedException("DeploymentError", 500, "Cannot partition " + diskName, e.getMessage(), e);
        } catch (IOException e) {
            throw new CommandFailedException("DeploymentError", 500, "Cannot partition " + diskName,
                    device + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes the filesystems ironic-lib makes (vfat {@code efi-part}, swap {@code swap1}, ephemeral
     * {@code ephemeral0} in {@code ephemeral_format}, ext4 by default) on the partition nodes of
     * {@code device}, and reports the root by its filesystem UUID when it has one (else its PARTUUID).
     */
    PartitionUuids finish(Path device, Layout layout, ImageInfo info) {
        String format = info.ephemeralFormat().orElse("ext4");
        for (PlannedPartition p : layout.plan().partitions()) {
            String node = PartitionDevices.path(device.toString(), p.number());
            switch (p.role()) {
                case EFI_SYSTEM -> run(List.of(fatTool("mkfs.vfat"), "-n", "efi-part", node), p);
                case SWAP -> run(List.of("mkswap", "-L", "swap1", node), p);
                case EPHEMERAL -> run(mkfs(format, node), p);
                case ROOT, BIOS_BOOT -> { }
            }
        }
        Optional<String> fsUuid = readRootHead(device, layout).flatMap(FilesystemUuid::of);
        PartitionUuids uuids = layout.uuids();
        return new PartitionUuids(fsUuid.or(uuids::rootUuid), uuids.efiSystemPartitionUuid(),
                uuids.prepBootPartitionUuid(), uuids.partitions());
    }

    /**
     * The FAT tool {@code named} (dosfstools' {@code mkfs.vfat}/{@code mkfs.fat}), else busybox's
     * {@code mkdosfs}: Debian's busybox, the ramdisk's, has only that name. Both take {@code -n LABEL}.
     */
    private String fatTool(String named) {
        return !commands.isAvailable(named) && commands.isAvailable("mkdosfs") ? "mkdosfs" : named;
    }

    private List<String> mkfs(String format, String node) {
        boolean vfat = format.equals("vfat") || format.equals("fat");
        List<String> argv = new ArrayList<>(List.of(vfat ? fatTool("mkfs." + format) : "mkfs." + format));
        if (vfat) {
            argv.addAll(List.of("-n", "ephemeral0"));
        } else {
            // -F: ext* would otherwise ask before overwriting; the other mkfs tools take -L as the label.
            if (format.startsWith("ext")) {
                argv.add("-F");
            }
            argv.addAll(List.of("-L", "ephemeral0"));
        }
        argv.add(node);
        return argv;
    }

    private void run(List<String> argv, PlannedPartition p) {
        String what = p.role().reportName() + " partition " + argv.getLast();
        if (!commands.isAvailable(argv.getFirst())) {
            throw new CommandFailedException("DeploymentError", 500, "Cannot make the " + what,
                    argv.getFirst() + " is not in the ramdisk; rebuild the ramdisk with it"
                    + (p.role() == PartitionRole.EPHEMERAL ? " or set instance_info ephemeral_format to a filesystem"
                    + " the ramdisk can make" : "") + ".");
        }
        CommandResult result = commands.run(argv, MKFS_TIMEOUT);
        if (!result.succeeded()) {
            throw new CommandFailedException("DeploymentError", 500, "Cannot make the " + what,
                    String.join(" ", argv) + " exited with " + result.exitCode() + ": " + result.stderr().strip());
        }
    }

    private static Optional<ByteBuffer> readRootHead(Path device, Layout layout) {
        try (FileChannel channel = FileChannel.open(device, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(FilesystemUuid.HEAD_BYTES);
            long position = layout.rootOffset();
            while (head.hasRemaining() && channel.read(head, position + head.position()) > 0) {
                // keep reading: a device may return short reads
            }
            return Optional.of(head.flip());
        } catch (IOException e) {
            // The image is written; the PARTUUID still finds root for the bootloader, so report that.
            LOG.log(System.Logger.Level.WARNING, "cannot read the root filesystem of " + device + " for its UUID ("
                    + e.getMessage() + "); reporting the root PARTUUID instead");
            return Optional.empty();
        }
    }
}
