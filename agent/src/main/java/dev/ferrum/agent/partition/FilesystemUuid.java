package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The UUID a filesystem carries in its superblock, as {@code blkid} prints it: what IPA's
 * {@code block_uuid} reports as a partition image's {@code root uuid} and what the kernel's
 * {@code root=UUID=} finds. Knows ext2/3/4 and XFS, the root filesystems of cloud images; anything
 * else has none here and the caller falls back to the PARTUUID, as IPA does.
 */
public final class FilesystemUuid {
    /** Bytes of the filesystem's start this parser needs. */
    public static final int HEAD_BYTES = 2048;

    private static final int EXT_SUPERBLOCK = 1024;
    private static final int EXT_MAGIC = 0xEF53;
    private static final int XFS_MAGIC = 0x58465342; // "XFSB"

    private FilesystemUuid() {
    }

    /** @param head the first {@link #HEAD_BYTES} (or more) bytes of the partition */
    public static Optional<String> of(ByteBuffer head) {
        ByteBuffer le = head.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (le.limit() >= HEAD_BYTES && (le.getShort(EXT_SUPERBLOCK + 0x38) & 0xFFFF) == EXT_MAGIC) {
            return Optional.of(format(head, EXT_SUPERBLOCK + 0x68));
        }
        if (le.limit() >= 48 && head.duplicate().order(ByteOrder.BIG_ENDIAN).getInt(0) == XFS_MAGIC) {
            return Optional.of(format(head, 32));
        }
        return Optional.empty();
    }

    private static String format(ByteBuffer head, int offset) {
        byte[] raw = new byte[16];
        head.duplicate().position(offset).get(raw);
        String hex = HexFormat.of().formatHex(raw);
        return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
                + hex.substring(16, 20) + "-" + hex.substring(20);
    }
}
