package dev.ferrum.agent.image.testing;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.zip.Deflater;

/**
 * Writes small but valid qcow2 images by hand (header, L1, refcount table and blocks, L2 tables,
 * plain, deflate-compressed and zero-flag clusters), so the qcow2 path is covered without qemu-img.
 * Layout knobs put the L2 tables after the data and the data in reverse guest order, to exercise a
 * stream whose metadata comes last and whose clusters are not in guest order.
 */
public final class Qcow2Fixture {
    private static final long COPIED = 1L << 63;

    private enum Kind { DATA, COMPRESSED, ZERO }

    private record Cluster(Kind kind, byte[] content) {
    }

    private final long virtualSize;
    private int version = 3;
    private int clusterBits = 16;
    private boolean l2AtEnd;
    private boolean reverseData;
    private final TreeMap<Long, Cluster> clusters = new TreeMap<>();

    private Qcow2Fixture(long virtualSize) {
        this.virtualSize = virtualSize;
    }

    public static Qcow2Fixture of(long virtualSize) {
        return new Qcow2Fixture(virtualSize);
    }

    public Qcow2Fixture version(int v) {
        version = v;
        return this;
    }

    public Qcow2Fixture clusterBits(int bits) {
        clusterBits = bits;
        return this;
    }

    public Qcow2Fixture l2AtEnd() {
        l2AtEnd = true;
        return this;
    }

    public Qcow2Fixture reverseData() {
        reverseData = true;
        return this;
    }

    public int clusterSize() {
        return 1 << clusterBits;
    }

    /** Guest cluster {@code index} holds {@code content} (padded with zeros to a cluster). */
    public Qcow2Fixture data(long index, byte[] content) {
        clusters.put(index, new Cluster(Kind.DATA, Arrays.copyOf(content, clusterSize())));
        return this;
    }

    /** Guest cluster {@code index} holds {@code content}, stored deflate-compressed. */
    public Qcow2Fixture compressed(long index, byte[] content) {
        clusters.put(index, new Cluster(Kind.COMPRESSED, Arrays.copyOf(content, clusterSize())));
        return this;
    }

    /** Guest cluster {@code index} is a v3 zero cluster. */
    public Qcow2Fixture zero(long index) {
        clusters.put(index, new Cluster(Kind.ZERO, new byte[0]));
        return this;
    }

    /** What the guest reads in cluster {@code index}. */
    public byte[] expectedCluster(long index) {
        Cluster c = clusters.get(index);
        return c == null || c.kind == Kind.ZERO ? new byte[clusterSize()] : c.content.clone();
    }

    /** The whole guest disk (for small virtual sizes). */
    public byte[] expectedRaw() {
        byte[] raw = new byte[Math.toIntExact(virtualSize)];
        clusters.forEach((i, c) -> {
            if (c.kind != Kind.ZERO) {
                long off = i * clusterSize();
                System.arraycopy(c.content, 0, raw, (int) off, (int) Math.min(clusterSize(), virtualSize - off));
            }
        });
        return raw;
    }

    public byte[] build() {
        int cs = clusterSize();
        long perL2 = (long) cs / 8;
        int l1Size = (int) Math.max(1, (virtualSize + perL2 * cs - 1) / (perL2 * cs));
        int l1Clusters = (l1Size * 8 + cs - 1) / cs;
        List<Integer> l2Indexes = clusters.keySet().stream().map(i -> (int) (i / perL2)).distinct().sorted().toList();

        // Compressed data, packed byte after byte as QEMU does.
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        TreeMap<Long, long[]> compressedAt = new TreeMap<>(); // guest index -> {offset in region, length}
        clusters.forEach((i, c) -> {
            if (c.kind == Kind.COMPRESSED) {
                byte[] z = deflate(c.content);
                compressedAt.put(i, new long[] {packed.size(), z.length});
                packed.writeBytes(z);
            }
        });
        List<Long> dataIndexes = new ArrayList<>(clusters.entrySet().stream()
                .filter(e -> e.getValue().kind == Kind.DATA).map(java.util.Map.Entry::getKey).toList());
        if (reverseData) {
            dataIndexes = dataIndexes.reversed();
        }
        int packedClusters = (packed.size() + cs - 1) / cs;
        long payloadClusters = 1L + l1Clusters + l2Indexes.size() + dataIndexes.size() + packedClusters;
        int refBlocks = 1;
        while ((long) refBlocks * (cs / 2) < payloadClusters + 1 + refBlocks) {
            refBlocks++;
        }
        long next = 1;
        long l1Offset = next * cs;
        next += l1Clusters;
        long refTableOffset = next * cs;
        next += 1;
        long refBlocksOffset = next * cs;
        next += refBlocks;
        long l2Start = l2AtEnd ? -1 : next;
        if (!l2AtEnd) {
            next += l2Indexes.size();
        }
        TreeMap<Long, Long> dataHost = new TreeMap<>();
        for (long i : dataIndexes) {
            dataHost.put(i, next++ * cs);
        }
        long packedOffset = next * cs;
        next += packedClusters;
        if (l2AtEnd) {
            l2Start = next;
            next += l2Indexes.size();
        }
        long totalClusters = next;

        ByteBuffer file = ByteBuffer.allocate(Math.toIntExact(totalClusters * cs));
        header(file, l1Size, l1Offset, refTableOffset);
        int[] refcounts = new int[(int) totalClusters];
        for (int i = 0; i < totalClusters; i++) {
            refcounts[i] = 1;
        }
        for (int p = 0; p < packedClusters; p++) {
            refcounts[(int) (packedOffset / cs) + p] = 0;
        }
        int csizeShift = 62 - (clusterBits - 8);
        for (int k = 0; k < l2Indexes.size(); k++) {
            long l2Offset = (l2Start + k) * cs;
            file.putLong((int) (l1Offset + l2Indexes.get(k) * 8L), l2Offset | COPIED);
            for (long j = 0; j < perL2; j++) {
                long index = l2Indexes.get(k) * perL2 + j;
                Cluster c = clusters.get(index);
                if (c == null) {
                    continue;
                }
                long entry = switch (c.kind) {
                    case DATA -> dataHost.get(index) | COPIED;
                    case ZERO -> 1L;
                    case COMPRESSED -> {
                        long[] at = compressedAt.get(index);
                        long off = packedOffset + at[0];
                        long extraSectors = (off + at[1] - 1) / 512 - off / 512;
                        for (long h = off / cs; h <= (off + at[1] - 1) / cs; h++) {
                            refcounts[(int) h]++;
                        }
                        yield (1L << 62) | (extraSectors << csizeShift) | off;
                    }
                };
                file.putLong((int) (l2Offset + j * 8), entry);
            }
        }
        dataHost.forEach((i, host) -> file.put((int) (long) host, clusters.get(i).content));
        file.put((int) packedOffset, packed.toByteArray());
        for (int b = 0; b < refBlocks; b++) {
            file.putLong((int) (refTableOffset + b * 8L), refBlocksOffset + (long) b * cs);
        }
        for (int i = 0; i < totalClusters; i++) {
            file.putShort((int) (refBlocksOffset + i * 2L), (short) refcounts[i]);
        }
        return file.array();
    }

    private void header(ByteBuffer b, int l1Size, long l1Offset, long refTableOffset) {
        b.putInt(0, 0x514649fb);
        b.putInt(4, version);
        b.putInt(20, clusterBits);
        b.putLong(24, virtualSize);
        b.putInt(36, l1Size);
        b.putLong(40, l1Offset);
        b.putLong(48, refTableOffset);
        b.putInt(56, 1);
        if (version == 3) {
            b.putInt(96, 4);
            b.putInt(100, 104);
        }
    }

    private static byte[] deflate(byte[] content) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        d.setInput(content);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }
}
