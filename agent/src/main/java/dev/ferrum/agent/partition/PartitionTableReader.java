package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Reads a disk's partition table the way Linux does: a GPT when sector 0 holds a protective (or
 * hybrid) MBR, checked by CRC in both copies and taken from the backup when the primary is
 * damaged; otherwise a DOS table with its logical partitions; otherwise {@link NoPartitionTable}.
 * Throws {@link PartitionTableException} when a GPT is announced but neither copy is usable.
 */
public final class PartitionTableReader {

    /** Linux gives up on extended-partition chains after this many links; so do we. */
    private static final int MAX_LOGICAL_PARTITIONS = 256;

    private PartitionTableReader() {
    }

    public static PartitionTable read(FileChannel disk, DiskGeometry geometry) {
        ByteBuffer sector0 = BlockIo.read(disk, 0, geometry.sectorBytes());
        Optional<String> notMbr = MbrCodec.whyNotPartitionTable(sector0);
        if (notMbr.isPresent()) {
            return new NoPartitionTable(notMbr.get());
        }
        if (MbrCodec.guardsGpt(sector0)) {
            return readGpt(disk, geometry);
        }
        return readMbr(disk, geometry, sector0);
    }

    private static GptPartitionTable readGpt(FileChannel disk, DiskGeometry geometry) {
        CopyRead primary = readCopy(disk, geometry, 1);
        CopyRead backup = primary.check().header()
                .map(h -> readCopy(disk, geometry, h.alternateLba()))
                .orElseGet(() -> findBackup(disk, geometry));
        CopyRead used = primary.check().status() == GptCopyStatus.VALID ? primary : backup;
        if (used.check().status() != GptCopyStatus.VALID) {
            throw new PartitionTableException("The disk's MBR announces a GPT but neither copy is usable: primary: "
                    + primary.check().detail() + "; backup: " + backup.check().detail() + "."
                    + sectorSizeHint(disk, geometry)
                    + " The image is damaged or was not written completely; write it again.");
        }
        GptHeader header = used.check().header().orElseThrow();
        List<GptPartition> partitions = GptCodec.parseEntries(used.entries(), header.entryCount(), header.entrySize());
        return new GptPartitionTable(header, partitions, primary.check().status(), backup.check().status(), backup.lba());
    }

    // Without a sound primary, Linux looks at the last sector. An image smaller than the disk has
    // its backup mid-disk, which the damaged primary may still name, and the last sector may hold
    // a stale backup of whatever was on the disk before: so try the named place first, and only
    // take a backup whose disk GUID matches what is left of the primary.
    private static CopyRead findBackup(FileChannel disk, DiskGeometry geometry) {
        ByteBuffer rawPrimary = BlockIo.read(disk, geometry.sectorBytes(), geometry.sectorBytes());
        boolean primaryRemains = GptCodec.hasSignature(rawPrimary, 0);
        Optional<Long> named = primaryRemains
                ? Optional.of(rawPrimary.duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong(32))
                : Optional.empty();
        Set<Long> candidates = new LinkedHashSet<>();
        named.ifPresent(candidates::add);
        candidates.add(geometry.lastLba());
        CopyRead last = null;
        for (long lba : candidates) {
            last = readCopy(disk, geometry, lba);
            Optional<GptHeader> found = last.check().header();
            if (found.isEmpty()) {
                continue;
            }
            UUID expected = GuidCodec.read(rawPrimary, 56);
            boolean wasNamed = named.isPresent() && named.get() == lba;
            if (primaryRemains && !wasNamed && !found.get().diskGuid().equals(expected)) {
                last = new CopyRead(lba, GptCodec.HeaderCheck.failed(GptCopyStatus.BAD_HEADER, "the GPT at LBA " + lba
                        + " belongs to another disk (GUID " + found.get().diskGuid() + ", the primary says " + expected
                        + "), probably left from an earlier image"), ByteBuffer.allocate(0));
                continue;
            }
            return last;
        }
        return last;
    }

    private record CopyRead(long lba, GptCodec.HeaderCheck check, ByteBuffer entries) {
    }

    private static CopyRead readCopy(FileChannel disk, DiskGeometry geometry, long lba) {
        if (lba < 1 || lba > geometry.lastLba()) {
            return new CopyRead(lba, GptCodec.HeaderCheck.failed(GptCopyStatus.NOT_FOUND,
                    "LBA " + lba + " is outside the disk"), ByteBuffer.allocate(0));
        }
        ByteBuffer sector = BlockIo.read(disk, lba * geometry.sectorBytes(), geometry.sectorBytes());
        GptCodec.HeaderCheck check = GptCodec.parseHeader(sector, lba, geometry);
        if (check.header().isEmpty()) {
            return new CopyRead(lba, check, ByteBuffer.allocate(0));
        }
        GptHeader h = check.header().get();
        ByteBuffer entries = BlockIo.read(disk, h.entriesLba() * geometry.sectorBytes(), (int) h.entryArrayBytes());
        int computed = GptCodec.entriesCrc(entries, h.entryArrayBytes());
        if (computed != check.entriesCrc()) {
            return new CopyRead(lba, GptCodec.HeaderCheck.failed(GptCopyStatus.ENTRIES_CRC_MISMATCH, String.format(
                    "entry array CRC32 of the header at LBA %d is %08x but the entries sum to %08x",
                    lba, check.entriesCrc(), computed)), entries);
        }
        return new CopyRead(lba, check, entries);
    }

    // A GPT header where the other sector size would put LBA 1 means the image was built for
    // another kind of disk, which IPA's error message only guesses at.
    private static String sectorSizeHint(FileChannel disk, DiskGeometry geometry) {
        SectorSize other = geometry.sectorSize() == SectorSize.BYTES_512 ? SectorSize.BYTES_4096 : SectorSize.BYTES_512;
        ByteBuffer probe = BlockIo.read(disk, other.bytes(), 8);
        if (GptCodec.hasSignature(probe, 0)) {
            return " The image holds a GPT laid out for " + other.bytes() + "-byte sectors but the disk uses "
                    + geometry.sectorBytes() + "-byte sectors: use an image built for this disk's sector size.";
        }
        return "";
    }

    private static MbrPartitionTable readMbr(FileChannel disk, DiskGeometry geometry, ByteBuffer sector0) {
        List<MbrPartition> partitions = new ArrayList<>();
        Optional<MbrPartition> extended = Optional.empty();
        for (MbrCodec.RawEntry e : MbrCodec.entries(sector0)) {
            if (e.isEmpty()) {
                continue;
            }
            MbrPartition p = new MbrPartition(e.slot(), e.type(), e.firstLba(), e.sectorCount(), e.bootIndicator() == 0x80);
            partitions.add(p);
            if (p.isExtended() && extended.isEmpty()) {
                extended = Optional.of(p); // Linux follows the first extended partition only.
            }
        }
        extended.ifPresent(ext -> partitions.addAll(readLogical(disk, geometry, ext)));
        return new MbrPartitionTable(MbrCodec.diskSignature(sector0), partitions);
    }

    // Each extended boot record holds one logical partition (relative to itself) and a link to
    // the next record (relative to the extended partition). Numbers go on from 5 in chain order.
    private static List<MbrPartition> readLogical(FileChannel disk, DiskGeometry geometry, MbrPartition extended) {
        List<MbrPartition> logical = new ArrayList<>();
        long ebr = extended.firstLba();
        for (int hops = 0; hops < MAX_LOGICAL_PARTITIONS; hops++) {
            if (ebr < extended.firstLba() || ebr > Math.min(extended.lastLba(), geometry.lastLba())) {
                break;
            }
            ByteBuffer sector = BlockIo.read(disk, ebr * geometry.sectorBytes(), geometry.sectorBytes());
            if (!MbrCodec.hasBootSignature(sector)) {
                break;
            }
            List<MbrCodec.RawEntry> entries = MbrCodec.entries(sector);
            MbrCodec.RawEntry data = entries.get(0);
            if (!data.isEmpty() && !MbrPartition.isExtendedType(data.type())) {
                logical.add(new MbrPartition(5 + logical.size(), data.type(), ebr + data.firstLba(),
                        data.sectorCount(), data.bootIndicator() == 0x80));
            }
            MbrCodec.RawEntry link = entries.get(1);
            if (link.isEmpty() || !MbrPartition.isExtendedType(link.type())) {
                break;
            }
            ebr = extended.firstLba() + link.firstLba();
        }
        return logical;
    }
}
