package dev.ferrum.hardware.generic.disk;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Disk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Lists the machine's disks from {@code /sys/block}: real disks only ({@link DiskNames}), none of
 * size 0 (empty card readers, virtual floppies), each with what sysfs and udev's by-path links say.
 * Where IPA asks udev (serial, WWN), the same facts are read from the attributes udev reads.
 */
public final class BlockDeviceReader {
    private static final long SECTOR = 512;
    private static final Pattern HCTL = Pattern.compile("\\d+:\\d+:\\d+:\\d+");

    private BlockDeviceReader() {
    }

    /** The disks, by kernel name. */
    public static List<Disk> read(MachineContext machine) {
        Path block = machine.sys().resolve("block");
        ByPathIndex byPath = ByPathIndex.scan(machine);
        List<Disk> disks = new ArrayList<>();
        for (String name : MachineFiles.names(block)) {
            if (DiskNames.isCandidate(name)) {
                disk(machine, block.resolve(name), name, byPath).ifPresent(disks::add);
            }
        }
        return List.copyOf(disks);
    }

    private static Optional<Disk> disk(MachineContext machine, Path dir, String name, ByPathIndex byPath) {
        long sectors = MachineFiles.number(dir.resolve("size")).orElse(0L);
        if (sectors <= 0) {
            return Optional.empty();
        }
        Path device = dir.resolve("device");
        boolean nvme = name.startsWith("nvme");
        Optional<String> wwid = MachineFiles.text(dir.resolve("wwid")).or(() -> MachineFiles.text(device.resolve("wwid")));
        Optional<StorageIds.WorldWideName> wwn = wwid.flatMap(id -> StorageIds.worldWideName(id, nvme));
        // Serial: NVMe controllers and some SCSI devices carry it, virtio-blk has it on the disk,
        // SCSI/ATA in VPD page 0x80; the wwid is the last resort because it is unique too.
        Optional<String> serial = MachineFiles.text(device.resolve("serial"))
                .or(() -> MachineFiles.text(dir.resolve("serial")))
                .or(() -> MachineFiles.bytes(device.resolve("vpd_pg80")).flatMap(StorageIds::unitSerial))
                .or(() -> wwid);
        Optional<String> hctl = MachineFiles.linkName(device).filter(n -> HCTL.matcher(n).matches());
        Optional<String> transport = MachineFiles.realPath(dir)
                .flatMap(real -> MachineFiles.realPath(machine.sys()).map(sys -> "/" + sys.relativize(real)))
                .flatMap(path -> Transport.of(name, path));
        String devicePath = "/dev/" + name;
        return Optional.of(new Disk(
                devicePath,
                MachineFiles.text(device.resolve("model")),
                sectors * SECTOR,
                MachineFiles.text(dir.resolve("queue/rotational")).map("1"::equals).orElse(false),
                wwn.map(StorageIds.WorldWideName::wwn),
                serial,
                MachineFiles.text(device.resolve("vendor")),
                wwn.flatMap(StorageIds.WorldWideName::withExtension),
                wwn.flatMap(StorageIds.WorldWideName::vendorExtension),
                hctl,
                byPath.linkFor(devicePath),
                blockSize(dir.resolve("queue/logical_block_size")),
                blockSize(dir.resolve("queue/physical_block_size")),
                transport));
    }

    private static Optional<Integer> blockSize(Path file) {
        return MachineFiles.number(file).filter(n -> n > 0 && n <= Integer.MAX_VALUE).map(Long::intValue);
    }
}
