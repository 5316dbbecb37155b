package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.DiskFormat;
import java.util.Optional;

/** What an image's first bytes say it is; anything unrecognised is raw. */
public enum ContentFormat {
    RAW, QCOW2, GZIP, ZSTD, XZ, VMDK, VHDX;

    /** Bytes to read for {@link #detect}. */
    static final int HEAD_BYTES = 8;

    static ContentFormat detect(byte[] head, int length) {
        if (starts(head, length, 'Q', 'F', 'I', 0xfb)) {
            return QCOW2;
        }
        if (starts(head, length, 0x1f, 0x8b)) {
            return GZIP;
        }
        if (starts(head, length, 0x28, 0xb5, 0x2f, 0xfd)) {
            return ZSTD;
        }
        if (starts(head, length, 0xfd, '7', 'z', 'X', 'Z', 0x00)) {
            return XZ;
        }
        if (starts(head, length, 'K', 'D', 'M', 'V')) {
            return VMDK;
        }
        if (starts(head, length, 'v', 'h', 'd', 'x', 'f', 'i', 'l', 'e')) {
            return VHDX;
        }
        return RAW;
    }

    /** True for the compressions a raw image may be published in. */
    boolean isCompression() {
        return this == GZIP || this == ZSTD || this == XZ;
    }

    /** The disk format this content is, once decompressed; empty for formats this writer refuses. */
    Optional<DiskFormat> diskFormat() {
        return switch (this) {
            case QCOW2 -> Optional.of(DiskFormat.QCOW2);
            case VMDK, VHDX -> Optional.empty();
            default -> Optional.of(DiskFormat.RAW);
        };
    }

    private static boolean starts(byte[] head, int length, int... magic) {
        if (length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((head[i] & 0xff) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
