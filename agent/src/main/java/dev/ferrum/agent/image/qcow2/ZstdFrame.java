package dev.ferrum.agent.image.qcow2;

/**
 * The length of the zstd frame at the start of a byte range (RFC 8878 section 3.1.1), found by
 * walking its block headers. QEMU stores each zstd-compressed cluster as one frame followed by
 * sector padding, and decoders that read frame after frame choke on the padding.
 */
final class ZstdFrame {
    private static final int MAGIC = 0xFD2FB528;

    private ZstdFrame() {
    }

    /** The frame's length in bytes, or -1 when {@code b[off, off+len)} does not hold a whole frame. */
    static int length(byte[] b, int off, int len) {
        if (len < 6 || le32(b, off) != MAGIC) {
            return -1;
        }
        int descriptor = b[off + 4] & 0xff;
        int fcsFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        boolean checksum = (descriptor & 0x04) != 0;
        int dictIdSize = new int[] {0, 1, 2, 4}[descriptor & 3];
        int fcsSize = new int[] {singleSegment ? 1 : 0, 2, 4, 8}[fcsFlag];
        int pos = 5 + (singleSegment ? 0 : 1) + dictIdSize + fcsSize;
        while (true) {
            if (pos + 3 > len) {
                return -1;
            }
            int header = (b[off + pos] & 0xff) | (b[off + pos + 1] & 0xff) << 8 | (b[off + pos + 2] & 0xff) << 16;
            boolean last = (header & 1) != 0;
            int type = (header >>> 1) & 3;
            int size = header >>> 3;
            if (type == 3) {
                return -1;
            }
            pos += 3 + (type == 1 ? 1 : size);
            if (last) {
                pos += checksum ? 4 : 0;
                return pos <= len ? pos : -1;
            }
        }
    }

    private static int le32(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }
}
