package dev.ferrum.hardware.generic.erase;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Plans a metadata wipe: every {@link SignatureLocation} of the whole disk and of each partition
 * (relative to the partition's start, because a file system on {@code sda1} keeps its
 * superblock at the partition's offset), merged into as few disk ranges as possible.
 */
final class MetadataLayout {

    private MetadataLayout() {
    }

    /** The ranges to zero on a disk of {@code diskBytes} with the given partitions, by offset. */
    static List<WipedRange> plan(String diskName, long diskBytes, List<Partition> partitions) {
        List<Piece> pieces = new ArrayList<>();
        addRegion(pieces, diskName, 0, diskBytes, diskBytes);
        for (Partition partition : partitions) {
            addRegion(pieces, partition.kernelName(), partition.startBytes(), partition.sizeBytes(), diskBytes);
        }
        return merge(pieces);
    }

    private static void addRegion(List<Piece> pieces, String label, long start, long length, long diskBytes) {
        // A partition that sysfs claims runs past the disk's end is clipped: only the disk is written.
        long usable = Math.min(length, diskBytes - start);
        if (start < 0 || usable <= 0) {
            return;
        }
        for (SignatureLocation location : SignatureLocation.values()) {
            Optional<SignatureLocation.Span> span = location.locate(usable);
            span.ifPresent(s -> pieces.add(new Piece(start + s.offset(), start + s.offset() + s.length(),
                    label + ": " + location.kills())));
        }
    }

    private static List<WipedRange> merge(List<Piece> pieces) {
        pieces.sort(Comparator.comparingLong(Piece::start).thenComparingLong(Piece::end));
        List<WipedRange> ranges = new ArrayList<>();
        long start = -1;
        long end = -1;
        Set<String> kills = new LinkedHashSet<>();
        for (Piece piece : pieces) {
            if (start >= 0 && piece.start() <= end) {
                end = Math.max(end, piece.end());
                kills.add(piece.kill());
                continue;
            }
            if (start >= 0) {
                ranges.add(new WipedRange(start, end - start, List.copyOf(kills)));
            }
            start = piece.start();
            end = piece.end();
            kills = new LinkedHashSet<>();
            kills.add(piece.kill());
        }
        if (start >= 0) {
            ranges.add(new WipedRange(start, end - start, List.copyOf(kills)));
        }
        return List.copyOf(ranges);
    }

    private record Piece(long start, long end, String kill) {
    }
}
