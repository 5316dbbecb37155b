package dev.ferrum.agent.image.writer;

import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Where to write the image: a block device (production) or a regular file (tests, file-backed
 * disks), chosen by the caller (root-disk selection happens elsewhere), and how to treat zeros.
 * A partition image goes into a window of the disk ({@link #partition}): byte 0 of the image lands
 * at {@code offset}, and the image may not be longer than {@code limit}.
 *
 * @param offset where the image's first byte goes, in bytes from the start of {@code path}
 * @param limit the most bytes the image may take from {@code offset} on; empty: the whole target
 */
public record ImageTarget(Path path, ZeroHandling zeros, long offset, OptionalLong limit) {

    public ImageTarget {
        Objects.requireNonNull(path);
        Objects.requireNonNull(zeros);
        Objects.requireNonNull(limit);
        if (offset < 0 || limit.orElse(0) < 0) {
            throw new IllegalArgumentException("target window must not be negative: offset " + offset + ", limit " + limit);
        }
    }

    public ImageTarget(Path path, ZeroHandling zeros) {
        this(path, zeros, 0, OptionalLong.empty());
    }

    /** A disk that may hold old data: zeros are written. */
    public static ImageTarget disk(Path path) {
        return new ImageTarget(path, ZeroHandling.WRITE_ZEROS);
    }

    /** A freshly created (empty or sparse) file: zero ranges are left as holes. */
    public static ImageTarget freshSparseFile(Path path) {
        return new ImageTarget(path, ZeroHandling.SKIP_ZEROS);
    }

    /**
     * The partition of {@code disk} that starts {@code offset} bytes in and holds {@code length} bytes.
     * Written through the disk itself, so it works before the kernel shows the new partition's node.
     */
    public static ImageTarget partition(Path disk, long offset, long length) {
        return new ImageTarget(disk, ZeroHandling.WRITE_ZEROS, offset, OptionalLong.of(length));
    }
}
