package dev.ferrum.agent.partition;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A GPT as read from a disk, with the state of both copies. When the primary is damaged the
 * table comes from the backup, and {@link #primaryStatus()} says so.
 *
 * @param header the header of the copy the partitions were read from
 * @param partitions the used entries, by number
 * @param primaryStatus the state of the copy at LBA 1
 * @param backupStatus the state of the backup copy
 * @param backupHeaderLba where the backup header is (or was looked for); after a whole-disk image
 *     smaller than the disk was written this is in the middle of the disk, not at its end
 */
public record GptPartitionTable(GptHeader header, List<GptPartition> partitions, GptCopyStatus primaryStatus,
                                GptCopyStatus backupStatus, long backupHeaderLba) implements PartitionTable {

    public GptPartitionTable {
        partitions = List.copyOf(partitions);
    }

    public UUID diskGuid() {
        return header.diskGuid();
    }

    /** True when the backup header sits on the device's last sector, where the specification puts it. */
    public boolean backupAtEndOfDevice(DiskGeometry geometry) {
        return backupStatus == GptCopyStatus.VALID && backupHeaderLba == geometry.lastLba();
    }

    public Optional<GptPartition> partition(int number) {
        return partitions.stream().filter(p -> p.number() == number).findFirst();
    }

    /** The layout to write this table back, wherever the primary's entries were. */
    public GptLayout layout() {
        // A table read from the backup carries the backup's entry location; the primary's is at 2.
        long primaryEntries = header.myLba() == 1 ? header.entriesLba() : 2;
        return new GptLayout(header.diskGuid(), header.firstUsableLba(), primaryEntries, header.entryCount(),
                header.entrySize(), partitions);
    }
}
