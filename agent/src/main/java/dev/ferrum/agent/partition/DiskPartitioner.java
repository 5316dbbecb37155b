package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Writes a {@link PartitionPlan} as a fresh partition table, as ironic-lib's {@code make_partitions}
 * does with parted: the old table and its GPT backup are destroyed first (a stale backup GPT would
 * make the kernel or a repair tool resurrect the previous layout), then one GPT or DOS table is written.
 */
public final class DiskPartitioner {
    private static final int WIPE_BYTES = 1024 * 1024;

    private final Supplier<UUID> guids;

    public DiskPartitioner() {
        this(UUID::randomUUID);
    }

    /** @param guids source of the disk and partition GUIDs (and the DOS disk signature); fixed in tests */
    public DiskPartitioner(Supplier<UUID> guids) {
        this.guids = guids;
    }

    /**
     * Partitions the disk and returns its PARTUUIDs by role as {@code get_partition_uuids} reports
     * them, device nodes named after {@code diskDevice}.
     */
    public PartitionUuids write(FileChannel disk, DiskGeometry geometry, PartitionPlan plan, String diskDevice) {
        destroyMetadata(disk, geometry);
        Map<PartitionRole, String> partUuids = new LinkedHashMap<>();
        if (plan.gpt()) {
            List<GptPartition> entries = plan.partitions().stream().map(p -> {
                UUID unique = guids.get();
                partUuids.put(p.role(), unique.toString());
                return new GptPartition(p.number(), gptType(p.role()), unique, gptName(p.role()), p.firstLba(),
                        p.lastLba(), 0);
            }).toList();
            GptTableWriter.write(disk, geometry, GptLayout.standard(guids.get(), geometry.sectorSize(), entries));
        } else {
            long signature = guids.get().getMostSignificantBits() & 0xFFFFFFFFL;
            MbrPartitionTable table = new MbrPartitionTable(signature, List.of());
            List<MbrPartition> entries = plan.partitions().stream().map(p -> {
                partUuids.put(p.role(), table.partUuid(p.number()));
                return new MbrPartition(p.number(), mbrType(p.role()), p.firstLba(), p.sectorCount(),
                        p.role() == PartitionRole.ROOT);
            }).toList();
            MbrTableWriter.write(disk, geometry, signature, entries);
        }
        Map<String, String> devices = new LinkedHashMap<>();
        plan.partitions().forEach(p -> devices.put(p.role().reportName(), PartitionDevices.path(diskDevice, p.number())));
        return new PartitionUuids(Optional.ofNullable(partUuids.get(PartitionRole.ROOT)),
                Optional.ofNullable(partUuids.get(PartitionRole.EFI_SYSTEM)), Optional.empty(),
                devices);
    }

    // ironic-lib's destroy_disk_metadata: the first and last MiB hold every partition table and
    // filesystem signature a later probe could mistake for the new layout.
    private static void destroyMetadata(FileChannel disk, DiskGeometry geometry) {
        long size = geometry.sectorCount() * geometry.sectorBytes();
        int head = (int) Math.min(WIPE_BYTES, size);
        BlockIo.write(disk, 0, ByteBuffer.allocate(head));
        BlockIo.write(disk, size - head, ByteBuffer.allocate(head));
    }

    private static UUID gptType(PartitionRole role) {
        return switch (role) {
            case EFI_SYSTEM -> PartitionTypes.EFI_SYSTEM;
            case BIOS_BOOT -> PartitionTypes.BIOS_BOOT;
            case SWAP -> PartitionTypes.LINUX_SWAP;
            case EPHEMERAL, ROOT -> PartitionTypes.LINUX_FILESYSTEM;
        };
    }

    private static String gptName(PartitionRole role) {
        return switch (role) {
            case EFI_SYSTEM -> "efi-part";
            case BIOS_BOOT -> "bios-boot";
            case SWAP -> "swap1";
            case EPHEMERAL -> "ephemeral0";
            case ROOT -> "root";
        };
    }

    private static int mbrType(PartitionRole role) {
        return switch (role) {
            case EFI_SYSTEM -> MbrPartition.TYPE_EFI_SYSTEM;
            case SWAP -> MbrPartition.TYPE_LINUX_SWAP;
            case BIOS_BOOT, EPHEMERAL, ROOT -> MbrPartition.TYPE_LINUX;
        };
    }
}
