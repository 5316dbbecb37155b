package dev.ferrum.agent.bootloader;

import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.partition.PartitionDevices;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the disks under a software RAID root, as IPA's {@code get_holder_disks} does, but from sysfs
 * rather than {@code mdadm --detail}: {@code block/mdN/md/} marks an md device, {@code block/mdN/slaves/}
 * lists its members, and a member is either a whole disk ({@code block/<member>}) or a partition of
 * one ({@code block/<disk>/<member>/partition}). GRUB's BIOS boot code has to go on every one of these
 * disks: the firmware reads the first sector of a disk, never the array.
 *
 * @param sys the machine's sysfs root ({@code /sys}, or a fixture tree in tests)
 */
record RaidHolders(Path sys) {
    // Members that are themselves virtual (nested arrays, device-mapper, loop files) have no boot sector
    // the firmware reads, so installing GRUB "on" them would leave the machine unbootable.
    private static final List<String> NOT_DISKS = List.of("md", "dm-", "loop", "ram", "zram", "nbd");

    /** The md device a root device lives on: {@code /dev/md0p1} or {@code /dev/md0} → {@code md0}. */
    Optional<String> array(String rootDevice) {
        String name = kernelName(rootDevice);
        if (isArray(name)) {
            return Optional.of(name);
        }
        try {
            String disk = kernelName(PartitionDevices.disk(rootDevice));
            return isArray(disk) ? Optional.of(disk) : Optional.empty();
        } catch (IllegalArgumentException notAPartition) {
            return Optional.empty();
        }
    }

    /** The holder disks of {@code array} as device nodes ({@code /dev/vda}), in sysfs order; refuses what is not a disk. */
    List<String> disks(String array) {
        List<String> members = list(sys.resolve("block").resolve(array).resolve("slaves"));
        if (members.isEmpty()) {
            throw failure("/dev/" + array + " lists no member devices in " + sys.resolve("block").resolve(array)
                    .resolve("slaves") + ", so there is no disk to install GRUB on; check the array with "
                    + "'mdadm --detail /dev/" + array + "' and rebuild the RAID configuration.");
        }
        List<String> disks = new ArrayList<>();
        for (String member : members) {
            String disk = diskOf(array, member);
            if (!disks.contains("/dev/" + disk)) {
                disks.add("/dev/" + disk);
            }
        }
        return List.copyOf(disks);
    }

    private String diskOf(String array, String member) {
        String disk;
        if (Files.isDirectory(sys.resolve("block").resolve(member))) {
            disk = member;
        } else {
            try {
                disk = kernelName(PartitionDevices.disk("/dev/" + member));
            } catch (IllegalArgumentException e) {
                disk = "";
            }
            if (disk.isEmpty() || !Files.exists(sys.resolve("block").resolve(disk).resolve(member).resolve("partition"))) {
                throw failure("member " + member + " of /dev/" + array + " is neither a disk nor a partition of one "
                        + "in sysfs, so GRUB's boot code has nowhere to go for it; build the RAID on whole disks or "
                        + "their partitions.");
            }
        }
        for (String prefix : NOT_DISKS) {
            if (disk.startsWith(prefix)) {
                throw failure("member " + member + " of /dev/" + array + " is on " + disk + ", a " + prefix
                        + "* device and not a disk the firmware boots from; build the root RAID on physical disks.");
            }
        }
        return disk;
    }

    private boolean isArray(String name) {
        return !name.isEmpty() && Files.isDirectory(sys.resolve("block").resolve(name).resolve("md"));
    }

    private static String kernelName(String device) {
        return device.startsWith("/dev/") ? device.substring("/dev/".length()) : device;
    }

    private static List<String> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw failure("cannot list " + dir + ": " + e.getMessage());
        }
    }

    static CommandFailedException failure(String details) {
        return new CommandFailedException("SoftwareRAIDError", 500, "Software RAID caused unknown error", details);
    }
}
