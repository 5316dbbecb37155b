package dev.ferrum.agent.image.qcow2;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.Cancellation;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.OptionalLong;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Writes a qcow2 image to a guest disk in one sequential pass over the file, without staging it.
 *
 * <p>Method: the header is read from the start of the sequential stream; the L1 and L2 tables are
 * fetched with range reads and turned into a {@link ClusterMap} sorted by host offset; then the
 * stream is read once, front to back (every byte reaches the checksum), and each data cluster is
 * written at its guest offset as it passes, compressed clusters (deflate or zstd) inflated on the
 * fly. Metadata read by range is re-hashed as it passes in the stream and must match. Ranges that
 * read as zeros are handed to the {@link GuestWriter} afterwards. Memory: one window of
 * max(chunk, 2 clusters + 1 KiB), one cluster for inflating, the metadata buffers (chunk each), and
 * the map at 24 bytes per extent plus 16 per zero run plus 56 per metadata read.
 *
 * <p>No Java library streams qcow2 (they all need random access to a local file), hence this parser.
 */
public final class Qcow2Image implements AutoCloseable {
    private final Qcow2Header header;
    private final StreamWindow window;
    private final ClusterMap map;
    private final MapBuilder builder;
    private final byte[] cluster;
    private final Inflater inflater = new Inflater(true);
    private final ZstdDecompressor zstd = new ZstdDecompressor();
    private final MessageDigest sha256;

    private Qcow2Image(Qcow2Header header, StreamWindow window, MapBuilder builder, byte[] cluster) {
        this.header = header;
        this.window = window;
        this.builder = builder;
        this.map = builder.build();
        this.cluster = cluster;
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("the Java runtime lacks SHA-256", e);
        }
    }

    /**
     * Reads the header from {@code stream} (positioned at the file's first byte) and the cluster map
     * through {@code ranges}; {@code fileSize} bounds offsets when known; reads are at most {@code chunk} bytes.
     */
    public static Qcow2Image prepare(InputStream stream, OptionalLong fileSize, RangeReader ranges, BufferMeter meter,
            int chunk) {
        byte[] head = meter.allocate(Qcow2Header.MIN_BYTES);
        int got;
        try {
            got = stream.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "reading the qcow2 header failed: " + e, e);
        }
        Qcow2Header header = Qcow2Header.parse(head, got);
        int cs = header.clusterSize();
        StreamWindow window = new StreamWindow(stream, meter.allocate(Math.max(chunk, 2 * cs + 1024)), got);
        MapBuilder builder = new MapBuilder(header, ranges, fileSize, chunk, meter);
        return new Qcow2Image(header, window, builder, meter.allocate(cs));
    }

    public Qcow2Header header() {
        return header;
    }

    /** Clusters with data of their own: plain and compressed. */
    public long dataClusters() {
        return builder.dataClusters;
    }

    public long compressedClusters() {
        return builder.compressedClusters;
    }

    /** Entries the map holds (runs, compressed clusters, metadata reads). */
    public int extents() {
        return map.size();
    }

    /** Streams the rest of the file, writing every data cluster; returns the file's length. */
    public long streamData(GuestWriter out) {
        for (int i = 0; i < map.size(); i++) {
            Cancellation.check();
            long host = map.host(i);
            if (host < window.start()) {
                throw Qcow2Header.invalid("corrupt qcow2: a cluster at host offset " + host + " overlaps the header");
            }
            switch (map.kind(i)) {
                case ClusterMap.DATA -> {
                    // A run no later extent overlaps (the rule in valid images) is passed through in place.
                    if (i + 1 == map.size() || map.host(i + 1) >= host + map.length(i)) {
                        passData(out, host, map.guest(i), map.length(i));
                    } else {
                        data(out, host, map.guest(i), map.length(i));
                    }
                }
                case ClusterMap.COMPRESSED -> compressed(out, host, map.guest(i), map.length(i));
                default -> verify(host, map.length(i), (int) map.guest(i));
            }
        }
        return window.drain();
    }

    /** Hands every guest range that reads as zeros to {@code out}. */
    public void fillZeros(GuestWriter out) {
        for (int i = 0; i < map.zeroRunCount(); i++) {
            Cancellation.check();
            out.zeros(map.zeroStart(i), map.zeroLength(i));
        }
    }

    private void data(GuestWriter out, long host, long guest, int length) {
        int available = window.ensure(host, length);
        int wanted = clamp(guest, length);
        int have = Math.min(available, wanted);
        if (have > 0) {
            out.write(guest, window.buffer(), window.index(host), have);
        }
        if (have < wanted) {
            // QEMU reads past the end of the file as zeros; so do we.
            out.zeros(guest + have, wanted - have);
        }
    }

    private void passData(GuestWriter out, long host, long guest, int length) {
        int wanted = clamp(guest, length);
        long have = window.pass(host, wanted, (at, buffer, offset, n) -> out.write(guest + at, buffer, offset, n));
        if (have < wanted) {
            // QEMU reads past the end of the file as zeros; so do we.
            out.zeros(guest + have, wanted - have);
        }
    }

    private void compressed(GuestWriter out, long host, long guest, int length) {
        int available = window.ensure(host, length);
        if (available == 0) {
            throw Qcow2Header.invalid("corrupt qcow2: compressed cluster at host offset " + host + " lies beyond the end of the file");
        }
        int produced = header.compressionType() == Qcow2Header.COMPRESSION_ZSTD
                ? unzstd(window.buffer(), window.index(host), available)
                : inflate(window.buffer(), window.index(host), available);
        if (produced != cluster.length) {
            throw Qcow2Header.invalid("corrupt qcow2: compressed cluster at host offset " + host + " inflates to "
                    + produced + " bytes, not " + cluster.length);
        }
        int wanted = clamp(guest, cluster.length);
        if (wanted > 0) {
            out.write(guest, cluster, 0, wanted);
        }
    }

    private void verify(long host, int length, int digestIndex) {
        int available = window.ensure(host, length);
        sha256.update(window.buffer(), window.index(host), available);
        if (available < length || !MessageDigest.isEqual(sha256.digest(), builder.digest(digestIndex))) {
            throw new ImageWriteException(Reason.SOURCE_CHANGED, "the qcow2 metadata at host offset " + host
                    + " read with a Range request differs from the same bytes in the full download; the image changed"
                    + " on the server or the server serves inconsistent content");
        }
    }

    private int inflate(byte[] src, int off, int len) {
        inflater.reset();
        inflater.setInput(src, off, len);
        int produced = 0;
        try {
            while (produced < cluster.length && !inflater.finished()) {
                int n = inflater.inflate(cluster, produced, cluster.length - produced);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                produced += n;
            }
        } catch (DataFormatException e) {
            throw Qcow2Header.invalid("corrupt qcow2: a compressed cluster is not valid deflate data (" + e.getMessage() + ")");
        }
        return produced;
    }

    private int unzstd(byte[] src, int off, int len) {
        int frame = ZstdFrame.length(src, off, len);
        if (frame < 0) {
            throw Qcow2Header.invalid("corrupt qcow2: a compressed cluster does not hold a whole zstd frame");
        }
        try {
            return zstd.decompress(src, off, frame, cluster, 0, cluster.length);
        } catch (RuntimeException e) {
            throw Qcow2Header.invalid("corrupt qcow2: a compressed cluster is not valid zstd data (" + e + ")");
        }
    }

    /** Frees the inflater's native memory. */
    @Override
    public void close() {
        inflater.end();
    }

    private int clamp(long guest, int length) {
        return (int) Math.max(0, Math.min(length, header.virtualSize() - guest));
    }
}
