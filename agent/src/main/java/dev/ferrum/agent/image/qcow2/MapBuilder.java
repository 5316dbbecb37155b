package dev.ferrum.agent.image.qcow2;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.Cancellation;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * Reads the active L1 table and every L2 table it points to, with range reads of at most
 * {@code chunk} bytes (neighbouring L2 tables share a read), and turns them into a {@link ClusterMap}.
 * Each range read is also recorded as a VERIFY extent with its SHA-256, so the streaming pass can
 * prove the metadata it acted on is the metadata inside the checksummed file.
 */
final class MapBuilder {
    private static final long L1_OFFSET_MASK = 0x00ff_ffff_ffff_fe00L;
    private static final long L2_OFFSET_MASK = 0x00ff_ffff_ffff_fe00L;
    private static final long COMPRESSED_BIT = 1L << 62;
    /** L2 tables closer than this are fetched in one read, gap included. */
    private static final long MAX_GAP = 256 * 1024;

    private final Qcow2Header header;
    private final RangeReader reader;
    private final OptionalLong fileSize;
    private final int chunk;
    private final ClusterMap map;
    private final MessageDigest sha256;
    private final byte[] l1Buffer;
    private final byte[] spanBuffer;
    private byte[] digests = new byte[32 * 16];
    private int digestCount;
    private long spanStart = -1;
    private int spanLength;
    /** The end of the furthest metadata read: every L2 table lies before it, so the file is at least this long. */
    private long metadataEnd;
    long dataClusters;
    long compressedClusters;

    MapBuilder(Qcow2Header header, RangeReader reader, OptionalLong fileSize, int chunk, BufferMeter meter) {
        this.header = header;
        this.reader = reader;
        this.fileSize = fileSize;
        this.chunk = chunk;
        this.map = new ClusterMap(meter, chunk);
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the Java runtime lacks SHA-256", e);
        }
        long l1Bytes = header.l1EntriesNeeded() * 8;
        this.l1Buffer = meter.allocate((int) Math.min(chunk, Math.max(8, l1Bytes)));
        // One table needs one cluster; several may share a read, so their buffer is a whole chunk.
        this.spanBuffer = meter.allocate(header.l1EntriesNeeded() > 1 ? Math.max(chunk, header.clusterSize())
                : header.clusterSize());
        meter.mapGrew(digests.length);
    }

    ClusterMap build() {
        long entries = header.l1EntriesNeeded();
        int perChunk = l1Buffer.length / 8;
        for (long first = 0; first < entries; first += perChunk) {
            Cancellation.check();
            int count = (int) Math.min(perChunk, entries - first);
            long offset = header.l1TableOffset() + first * 8;
            read(offset, l1Buffer, count * 8, "L1 table");
            ByteBuffer l1 = ByteBuffer.wrap(l1Buffer, 0, count * 8);
            for (int i = 0; i < count; i++) {
                long guestBase = (first + i) * header.bytesPerL2();
                long l2Offset = l1.getLong(i * 8) & L1_OFFSET_MASK;
                if (l2Offset == 0) {
                    map.zero(guestBase, Math.min(header.bytesPerL2(), header.virtualSize() - guestBase));
                } else {
                    scanL2(l2Offset, guestBase, l1, i, count);
                }
            }
        }
        map.sortByHost();
        return map;
    }

    /** The SHA-256 of the {@code index}th range read. */
    byte[] digest(int index) {
        return Arrays.copyOfRange(digests, index * 32, index * 32 + 32);
    }

    private void scanL2(long l2Offset, long guestBase, ByteBuffer l1, int l1Index, int l1Count) {
        int cs = header.clusterSize();
        if (l2Offset % cs != 0) {
            throw Qcow2Header.invalid("corrupt qcow2: L2 table offset " + l2Offset + " is not cluster-aligned");
        }
        int at = l2Table(l2Offset, l1, l1Index, l1Count);
        ByteBuffer l2 = ByteBuffer.wrap(spanBuffer);
        int csizeShift = 62 - (header.clusterBits() - 8);
        long csizeMask = (1L << (header.clusterBits() - 8)) - 1;
        long coffsetMask = (1L << csizeShift) - 1;
        for (int j = 0; j < cs / 8; j++) {
            long guest = guestBase + (long) j * cs;
            if (guest >= header.virtualSize()) {
                break;
            }
            long entry = l2.getLong(at + j * 8);
            long length = Math.min(cs, header.virtualSize() - guest);
            if ((entry & COMPRESSED_BIT) != 0) {
                long hostOffset = entry & coffsetMask;
                long sectors = ((entry >>> csizeShift) & csizeMask) + 1;
                long csize = sectors * 512 - (hostOffset & 511);
                if (hostOffset == 0 || csize > 2L * cs) {
                    throw Qcow2Header.invalid("corrupt qcow2: bad compressed cluster descriptor 0x"
                            + Long.toHexString(entry) + " for guest offset " + guest);
                }
                map.compressed(guest, hostOffset, (int) csize);
                compressedClusters++;
                checkEntriesRead(l2Offset);
            } else if (header.version() >= 3 && (entry & 1) != 0) {
                map.zero(guest, length);
            } else {
                long hostOffset = entry & L2_OFFSET_MASK;
                if (hostOffset == 0) {
                    map.zero(guest, length);
                } else if (hostOffset % cs != 0) {
                    throw Qcow2Header.invalid("corrupt qcow2: data cluster at host offset " + hostOffset
                            + " is not cluster-aligned");
                } else {
                    map.data(guest, hostOffset, cs);
                    dataClusters++;
                    checkEntriesRead(l2Offset);
                }
            }
        }
    }

    /**
     * Each mapped cluster has an L2 entry of its own, 8 bytes of some L2 table, and distinct tables lie
     * in distinct bytes before {@link #metadataEnd}. More mapped clusters than that means L1 entries
     * share L2 tables, which no valid image does and which would let a small file claim a huge map.
     */
    private void checkEntriesRead(long l2Offset) {
        if ((dataClusters + compressedClusters) * 8 > metadataEnd) {
            throw Qcow2Header.invalid("corrupt qcow2: its L1 entries share L2 tables (the one at host offset " + l2Offset
                    + " maps more clusters than all L2 tables the file holds have entries); convert it with qemu-img"
                    + " convert -O qcow2");
        }
    }

    /**
     * Makes the L2 table at {@code l2Offset} available in the span buffer and returns its index
     * there; a new span also covers the next L1 entries' tables when they follow closely.
     */
    private int l2Table(long l2Offset, ByteBuffer l1, int l1Index, int l1Count) {
        int cs = header.clusterSize();
        if (spanStart >= 0 && l2Offset >= spanStart && l2Offset + cs <= spanStart + spanLength) {
            return (int) (l2Offset - spanStart);
        }
        long end = l2Offset + cs;
        for (int k = l1Index + 1; k < l1Count; k++) {
            long next = l1.getLong(k * 8) & L1_OFFSET_MASK;
            if (next == 0) {
                continue;
            }
            if (next < end || next > end + MAX_GAP || next + cs - l2Offset > spanBuffer.length) {
                break;
            }
            end = next + cs;
        }
        if (fileSize.isPresent() && l2Offset + cs > fileSize.getAsLong()) {
            throw Qcow2Header.invalid("corrupt qcow2: L2 table at " + l2Offset + " lies beyond the end of the file");
        }
        if (fileSize.isPresent()) {
            end = Math.min(end, fileSize.getAsLong());
        }
        spanStart = l2Offset;
        spanLength = (int) (end - l2Offset);
        read(spanStart, spanBuffer, spanLength, "L2 tables");
        return 0;
    }

    private void read(long offset, byte[] buffer, int length, String what) {
        if (fileSize.isPresent() && offset + length > fileSize.getAsLong()) {
            throw Qcow2Header.invalid("corrupt qcow2: " + what + " at " + offset + " lies beyond the end of the file");
        }
        reader.readFully(offset, buffer, length);
        metadataEnd = Math.max(metadataEnd, offset + length);
        sha256.update(buffer, 0, length);
        if ((digestCount + 1) * 32 > digests.length) {
            map.meterGrowth(digests.length);
            digests = Arrays.copyOf(digests, digests.length * 2);
        }
        System.arraycopy(sha256.digest(), 0, digests, digestCount * 32, 32);
        map.verify(offset, length, digestCount);
        digestCount++;
    }
}
