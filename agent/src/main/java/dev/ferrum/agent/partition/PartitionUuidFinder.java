package dev.ferrum.agent.partition;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Finds the root, EFI system and other well-known partitions of a written whole-disk image and
 * reports their UUIDs as Linux shows PARTUUIDs: the GPT unique GUID in lower case, or for MBR the
 * disk signature and partition number as {@code 1a2b3c4d-02}.
 *
 * <p>Selection rules, GPT:
 * <ul>
 *   <li>EFI system partition: the lowest-numbered partition of type C12A7328-F81F-11D2-BA4B-00A0C93EC93B.</li>
 *   <li>root: the largest partition with a Discoverable Partitions Specification root type (any
 *       architecture); else the largest "Linux filesystem data" partition; else the largest
 *       "Microsoft basic data" partition (older parted gave Linux root that type). Partitions
 *       named {@code config-2} never count. Ties go to the lower number.</li>
 *   <li>PReP boot, BIOS boot, swap: the lowest-numbered partition of that type.</li>
 *   <li>configdrive: the partition named {@code config-2}.</li>
 * </ul>
 * MBR:
 * <ul>
 *   <li>EFI system partition: the lowest-numbered partition of type 0xEF.</li>
 *   <li>root: the bootable partition when it has type 0x83 (Linux); else the largest 0x83
 *       partition, ties to the lower number. Extended containers never count.</li>
 *   <li>PReP boot: type 0x41; swap: type 0x82.</li>
 * </ul>
 * IPA reports filesystem UUIDs where a filesystem has one and PARTUUIDs otherwise; both find the
 * partition in IPA's and Ferrum's bootloader installation, and PARTUUIDs need no filesystem probing.
 */
public final class PartitionUuidFinder {

    private PartitionUuidFinder() {
    }

    /**
     * @param table the disk's partition table
     * @param diskDevice the disk's kernel device node, such as {@code /dev/sda}, to name partitions
     */
    public static PartitionUuids find(PartitionTable table, String diskDevice) {
        return switch (table) {
            case NoPartitionTable none -> PartitionUuids.none();
            case GptPartitionTable gpt -> fromGpt(gpt, diskDevice);
            case MbrPartitionTable mbr -> fromMbr(mbr, diskDevice);
        };
    }

    private static PartitionUuids fromGpt(GptPartitionTable gpt, String disk) {
        List<GptPartition> candidates = gpt.partitions().stream()
                .filter(p -> !p.name().equals(ConfigDriveWriter.PARTITION_NAME)).toList();
        Optional<GptPartition> root = largestGpt(candidates, p -> PartitionTypes.LINUX_ROOT.contains(p.typeGuid()))
                .or(() -> largestGpt(candidates, p -> p.typeGuid().equals(PartitionTypes.LINUX_FILESYSTEM)))
                .or(() -> largestGpt(candidates, p -> p.typeGuid().equals(PartitionTypes.MICROSOFT_BASIC_DATA)));
        Optional<GptPartition> esp = firstGpt(gpt, p -> p.typeGuid().equals(PartitionTypes.EFI_SYSTEM));
        Optional<GptPartition> prep = firstGpt(gpt, p -> p.typeGuid().equals(PartitionTypes.PREP_BOOT));

        Map<String, String> roles = new LinkedHashMap<>();
        root.ifPresent(p -> roles.put(PartitionUuids.ROLE_ROOT, PartitionDevices.path(disk, p.number())));
        esp.ifPresent(p -> roles.put(PartitionUuids.ROLE_EFI_SYSTEM, PartitionDevices.path(disk, p.number())));
        prep.ifPresent(p -> roles.put(PartitionUuids.ROLE_PREP_BOOT, PartitionDevices.path(disk, p.number())));
        firstGpt(gpt, p -> p.typeGuid().equals(PartitionTypes.BIOS_BOOT))
                .ifPresent(p -> roles.put(PartitionUuids.ROLE_BIOS_BOOT, PartitionDevices.path(disk, p.number())));
        firstGpt(gpt, p -> p.typeGuid().equals(PartitionTypes.LINUX_SWAP))
                .ifPresent(p -> roles.put(PartitionUuids.ROLE_SWAP, PartitionDevices.path(disk, p.number())));
        firstGpt(gpt, p -> p.name().equals(ConfigDriveWriter.PARTITION_NAME))
                .ifPresent(p -> roles.put(PartitionUuids.ROLE_CONFIG_DRIVE, PartitionDevices.path(disk, p.number())));
        return new PartitionUuids(root.map(GptPartition::partUuid), esp.map(GptPartition::partUuid),
                prep.map(GptPartition::partUuid), roles);
    }

    private static Optional<GptPartition> largestGpt(List<GptPartition> partitions, Predicate<GptPartition> kind) {
        return partitions.stream().filter(kind)
                .min(Comparator.comparingLong(GptPartition::sectorCount).reversed()
                        .thenComparingInt(GptPartition::number));
    }

    private static Optional<GptPartition> firstGpt(GptPartitionTable gpt, Predicate<GptPartition> kind) {
        return gpt.partitions().stream().filter(kind).min(Comparator.comparingInt(GptPartition::number));
    }

    private static PartitionUuids fromMbr(MbrPartitionTable mbr, String disk) {
        List<MbrPartition> linux = mbr.partitions().stream().filter(p -> p.type() == MbrPartition.TYPE_LINUX).toList();
        Optional<MbrPartition> root = linux.stream().filter(MbrPartition::bootable).findFirst()
                .or(() -> linux.stream().min(Comparator.comparingLong(MbrPartition::sectorCount).reversed()
                        .thenComparingInt(MbrPartition::number)));
        Optional<MbrPartition> esp = firstMbr(mbr, MbrPartition.TYPE_EFI_SYSTEM);
        Optional<MbrPartition> prep = firstMbr(mbr, MbrPartition.TYPE_PREP_BOOT);

        Map<String, String> roles = new LinkedHashMap<>();
        root.ifPresent(p -> roles.put(PartitionUuids.ROLE_ROOT, PartitionDevices.path(disk, p.number())));
        esp.ifPresent(p -> roles.put(PartitionUuids.ROLE_EFI_SYSTEM, PartitionDevices.path(disk, p.number())));
        prep.ifPresent(p -> roles.put(PartitionUuids.ROLE_PREP_BOOT, PartitionDevices.path(disk, p.number())));
        firstMbr(mbr, MbrPartition.TYPE_LINUX_SWAP)
                .ifPresent(p -> roles.put(PartitionUuids.ROLE_SWAP, PartitionDevices.path(disk, p.number())));
        return new PartitionUuids(root.map(p -> mbr.partUuid(p.number())), esp.map(p -> mbr.partUuid(p.number())),
                prep.map(p -> mbr.partUuid(p.number())), roles);
    }

    private static Optional<MbrPartition> firstMbr(MbrPartitionTable mbr, int type) {
        return mbr.partitions().stream().filter(p -> p.type() == type).min(Comparator.comparingInt(MbrPartition::number));
    }
}
