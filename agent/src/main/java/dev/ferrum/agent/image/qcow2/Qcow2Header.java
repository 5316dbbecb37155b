package dev.ferrum.agent.image.qcow2;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a qcow2 header (docs/interop/qcow2.txt in QEMU) that locating the guest's data needs,
 * validated: version 2 or 3, no backing file, no encryption, no external data file, no extended L2
 * entries, deflate or zstd compression. Anything refused says what to do instead.
 */
public record Qcow2Header(int version, int clusterBits, long virtualSize, int l1Size, long l1TableOffset,
        long incompatibleFeatures, int compressionType, int headerLength) {

    static final int MAGIC = 0x514649fb; // "QFI\xfb"
    /** Bytes of the file that must be available to parse the header (v3 with compression type, padded). */
    public static final int MIN_BYTES = 112;
    /** QEMU refuses L1 tables above 32 MiB; so do we, to keep the metadata pass bounded. */
    static final long MAX_L1_BYTES = 32L << 20;

    public static final int COMPRESSION_DEFLATE = 0;
    public static final int COMPRESSION_ZSTD = 1;

    private static final long INCOMPAT_DIRTY = 1;
    private static final long INCOMPAT_CORRUPT = 1 << 1;
    private static final long INCOMPAT_EXTERNAL_DATA = 1 << 2;
    private static final long INCOMPAT_COMPRESSION_TYPE = 1 << 3;
    private static final long INCOMPAT_EXTENDED_L2 = 1 << 4;

    public int clusterSize() {
        return 1 << clusterBits;
    }

    /** Guest bytes one L2 table maps. */
    public long bytesPerL2() {
        return (long) clusterSize() * (clusterSize() / 8);
    }

    /** L1 entries needed to map the whole virtual disk. */
    public long l1EntriesNeeded() {
        return (virtualSize + bytesPerL2() - 1) / bytesPerL2();
    }

    /** Parses the first {@code length} bytes of the file (at least {@link #MIN_BYTES} unless the file is shorter). */
    public static Qcow2Header parse(byte[] head, int length) {
        if (length < 72) {
            throw invalid("the file is " + length + " bytes long, too short for a qcow2 header");
        }
        ByteBuffer b = ByteBuffer.wrap(head, 0, length);
        if (b.getInt(0) != MAGIC) {
            throw invalid("not a qcow2 image (bad magic)");
        }
        int version = b.getInt(4);
        if (version != 2 && version != 3) {
            throw invalid("qcow2 version " + version + " is not supported (2 and 3 are)");
        }
        long backingOffset = b.getLong(8);
        if (backingOffset != 0) {
            throw invalid("the qcow2 image has a backing file; publish a standalone image "
                    + "(qemu-img convert -O qcow2 overlay.qcow2 standalone.qcow2)");
        }
        int clusterBits = b.getInt(20);
        if (clusterBits < 9 || clusterBits > 21) {
            throw invalid("qcow2 cluster_bits " + clusterBits + " is outside 9..21");
        }
        long size = b.getLong(24);
        int crypt = b.getInt(32);
        if (crypt != 0) {
            throw invalid("the qcow2 image is encrypted (" + (crypt == 1 ? "AES" : crypt == 2 ? "LUKS" : "method " + crypt)
                    + "); publish an unencrypted image");
        }
        int l1Size = b.getInt(36);
        long l1Offset = b.getLong(40);
        long incompatible = 0;
        int headerLength = 72;
        int compression = COMPRESSION_DEFLATE;
        if (version == 3) {
            if (length < 104) {
                throw invalid("the file is too short for a qcow2 v3 header");
            }
            incompatible = b.getLong(72);
            headerLength = b.getInt(100);
            if (headerLength < 104) {
                throw invalid("qcow2 v3 header_length " + headerLength + " is below 104");
            }
            checkFeatures(incompatible);
            if ((incompatible & INCOMPAT_COMPRESSION_TYPE) != 0) {
                if (headerLength <= 104 || length <= 104) {
                    throw invalid("qcow2 header sets the compression-type feature but has no compression_type field");
                }
                compression = head[104] & 0xff;
            }
        }
        if (compression != COMPRESSION_DEFLATE && compression != COMPRESSION_ZSTD) {
            throw invalid("qcow2 compression type " + compression + " is not supported (deflate and zstd are)");
        }
        Qcow2Header h = new Qcow2Header(version, clusterBits, size, l1Size, l1Offset, incompatible, compression, headerLength);
        h.checkLayout();
        return h;
    }

    private static void checkFeatures(long incompatible) {
        List<String> refused = new ArrayList<>();
        if ((incompatible & INCOMPAT_CORRUPT) != 0) {
            refused.add("marked corrupt (repair it with qemu-img check -r all)");
        }
        if ((incompatible & INCOMPAT_EXTERNAL_DATA) != 0) {
            refused.add("an external data file (publish a self-contained image)");
        }
        if ((incompatible & INCOMPAT_EXTENDED_L2) != 0) {
            refused.add("extended L2 entries (convert with qemu-img convert -O qcow2 -o extended_l2=off)");
        }
        long unknown = incompatible & ~(INCOMPAT_DIRTY | INCOMPAT_CORRUPT | INCOMPAT_EXTERNAL_DATA
                | INCOMPAT_COMPRESSION_TYPE | INCOMPAT_EXTENDED_L2);
        if (unknown != 0) {
            refused.add("unknown incompatible features 0x" + Long.toHexString(unknown));
        }
        if (!refused.isEmpty()) {
            throw invalid("the qcow2 image has " + String.join(", ", refused));
        }
    }

    private void checkLayout() {
        if (virtualSize < 0 || virtualSize > (1L << 56)) {
            throw invalid("qcow2 virtual size " + virtualSize + " is outside 0..2^56 bytes");
        }
        if (l1EntriesNeeded() > l1Size) {
            throw invalid("qcow2 L1 table has " + l1Size + " entries, fewer than the " + l1EntriesNeeded()
                    + " the virtual size needs");
        }
        if (l1EntriesNeeded() * 8 > MAX_L1_BYTES) {
            throw invalid("qcow2 L1 table would be larger than 32 MiB");
        }
        if (l1EntriesNeeded() > 0 && (l1TableOffset <= 0 || l1TableOffset % clusterSize() != 0)) {
            throw invalid("qcow2 L1 table offset " + l1TableOffset + " is not a cluster boundary");
        }
    }

    static ImageWriteException invalid(String message) {
        return new ImageWriteException(Reason.INVALID_IMAGE, message);
    }
}
