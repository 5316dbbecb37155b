package dev.ferrum.agent.image.writer;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where to write the image: a block device (production) or a regular file (tests, file-backed
 * disks), chosen by the caller (root-disk selection happens elsewhere), and how to treat zeros.
 */
public record ImageTarget(Path path, ZeroHandling zeros) {

    public ImageTarget {
        Objects.requireNonNull(path);
        Objects.requireNonNull(zeros);
    }

    /** A disk that may hold old data: zeros are written. */
    public static ImageTarget disk(Path path) {
        return new ImageTarget(path, ZeroHandling.WRITE_ZEROS);
    }

    /** A freshly created (empty or sparse) file: zero ranges are left as holes. */
    public static ImageTarget freshSparseFile(Path path) {
        return new ImageTarget(path, ZeroHandling.SKIP_ZEROS);
    }
}
