package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.BufferMeter;
import dev.ferrum.agent.image.Cancellation;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.ProgressTracker;
import dev.ferrum.agent.image.qcow2.GuestWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.OptionalLong;

/**
 * Positional, chunk-sized writes to the target (a block device or a regular file, nothing else).
 * Small contiguous writes (under a quarter chunk) are combined up to one chunk, so the device sees
 * large writes at offsets aligned as the image's clusters are; data syncs start in the background as
 * the image streams ({@link WriteBehind}); {@link #finish} extends a file to the image size and forces
 * everything to stable storage.
 */
final class TargetWriter implements GuestWriter, AutoCloseable {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFCHR = 0020000;
    private static final int WIPE_BYTES = 1 << 20;
    // Bytes between background data syncs: few enough syncs on a disk's flush path, early enough to
    // keep the disk busy while the image streams (see WriteBehind).
    private static final long WRITE_BEHIND_BYTES = 64L << 20;

    private final Path path;
    private final boolean blockDevice;
    private final FileChannel channel;
    private final ZeroHandling zeroHandling;
    private final int chunk;
    private final BufferMeter meter;
    private final ProgressTracker progress;
    private final OptionalLong capacity;
    // Where image byte 0 lies on the target: 0 for a whole disk, the partition's start for a partition image.
    private final long base;
    private final WriteBehind behind;
    private byte[] pending;
    private long pendingOffset;
    private int pendingLength;
    private byte[] zeroChunk;
    private long written;
    private boolean touched;

    private TargetWriter(Path path, boolean blockDevice, FileChannel channel, ZeroHandling zeroHandling, int chunk,
            BufferMeter meter, ProgressTracker progress, OptionalLong capacity, long base) {
        this.path = path;
        this.base = base;
        this.blockDevice = blockDevice;
        this.channel = channel;
        this.zeroHandling = zeroHandling;
        this.chunk = chunk;
        this.meter = meter;
        this.progress = progress;
        this.capacity = capacity;
        this.behind = new WriteBehind(() -> channel.force(false), WRITE_BEHIND_BYTES);
    }

    /** Opens the target for writing after checking it is a block device or a regular file. */
    static TargetWriter open(ImageTarget target, int chunk, BufferMeter meter, ProgressTracker progress) {
        Path path = target.path();
        boolean block = isBlockDevice(path);
        try {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
            long size = block ? channel.size() : 0;
            OptionalLong capacity = target.limit().isPresent() ? target.limit()
                    : size > 0 ? OptionalLong.of(size) : OptionalLong.empty();
            return new TargetWriter(path, block, channel, target.zeros(), chunk, meter, progress, capacity,
                    target.offset());
        } catch (IOException e) {
            throw new ImageWriteException(Reason.INVALID_TARGET, "cannot open target " + path + " for writing: " + e, e);
        }
    }

    private static boolean isBlockDevice(Path path) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new ImageWriteException(Reason.INVALID_TARGET, "target " + path + " does not exist or cannot be read ("
                    + e + "); pass an existing block device or regular file", e);
        }
        if (attributes.isRegularFile()) {
            return false;
        }
        if (attributes.isOther()) {
            int mode;
            try {
                mode = (Integer) Files.getAttribute(path, "unix:mode");
            } catch (IOException | UnsupportedOperationException e) {
                throw new ImageWriteException(Reason.INVALID_TARGET, "cannot tell what kind of file target " + path
                        + " is: " + e, e);
            }
            if ((mode & S_IFMT) == S_IFBLK) {
                return true;
            }
            String kind = (mode & S_IFMT) == S_IFCHR ? "a character device" : "a special file (fifo or socket)";
            throw new ImageWriteException(Reason.INVALID_TARGET, "target " + path + " is " + kind
                    + ", not a block device or regular file");
        }
        throw new ImageWriteException(Reason.INVALID_TARGET, "target " + path + " is a directory, not a block device or regular file");
    }

    ZeroHandling zeroHandling() {
        return zeroHandling;
    }

    /** True once anything was written, i.e. the target no longer holds what it held. */
    boolean touched() {
        return touched;
    }

    long bytesWritten() {
        return written;
    }

    /** Fails before any write when an image of {@code size} bytes cannot fit a block device. */
    void requireCapacity(long size) {
        if (capacity.isPresent() && size > capacity.getAsLong()) {
            throw new ImageWriteException(Reason.INVALID_TARGET, "the image is " + size + " bytes but target " + path
                    + (base > 0 ? "'s root partition" : "") + " holds only " + capacity.getAsLong() + " bytes; "
                    + (base > 0 ? "raise instance_info root_gb (or 0 for the rest of the disk)" : "choose a larger root device"));
        }
    }

    @Override
    public void write(long offset, byte[] src, int off, int len) {
        if (len >= chunk / 4) {
            // Large enough to go as it is: copying it into the combining buffer would cost more than it saves.
            flush();
            writeAt(offset, src, off, len);
            return;
        }
        if (pendingLength > 0 && offset == pendingOffset + pendingLength && pendingLength + len <= chunk) {
            System.arraycopy(src, off, pending, pendingLength, len);
            pendingLength += len;
            return;
        }
        flush();
        if (len >= chunk) {
            writeAt(offset, src, off, len);
            return;
        }
        if (pending == null) {
            pending = meter.allocate(chunk);
        }
        System.arraycopy(src, off, pending, 0, len);
        pendingOffset = offset;
        pendingLength = len;
    }

    @Override
    public void zeros(long offset, long len) {
        if (zeroHandling == ZeroHandling.SKIP_ZEROS) {
            return;
        }
        flush();
        if (zeroChunk == null) {
            zeroChunk = meter.allocate(chunk);
        }
        for (long done = 0; done < len; ) {
            Cancellation.check();
            int n = (int) Math.min(chunk, len - done);
            writeAt(offset + done, zeroChunk, 0, n);
            done += n;
        }
    }

    /** Writes {@code src[off, off+len)} at {@code offset} now, bypassing the combining buffer. */
    void writeAt(long offset, byte[] src, int off, int len) {
        requireCapacity(offset + len);
        touched = true;
        ByteBuffer buffer = ByteBuffer.wrap(src, off, len);
        long position = base + offset;
        try {
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
        } catch (ClosedByInterruptException e) {
            throw new ImageWriteException(Reason.CANCELLED, "image write cancelled while writing " + path, e);
        } catch (IOException e) {
            throw new ImageWriteException(Reason.WRITE_FAILED, "writing " + len + " bytes at offset " + offset + " of "
                    + path + " failed: " + e, e);
        }
        written += len;
        progress.written(len);
        try {
            behind.written(len);
        } catch (IOException e) {
            throw new ImageWriteException(Reason.WRITE_FAILED, "syncing " + path + " in the background failed: " + e, e);
        }
    }

    /** Flushes, makes a regular file at least {@code imageSize} long, and forces data to stable storage. */
    void finish(long imageSize) {
        flush();
        try {
            behind.await();
            if (!blockDevice && channel.size() < base + imageSize) {
                // One byte at the end sets the length and leaves the zero tail a hole.
                channel.write(ByteBuffer.wrap(new byte[1]), base + imageSize - 1);
            }
            channel.force(true);
        } catch (IOException e) {
            throw new ImageWriteException(Reason.WRITE_FAILED, "syncing " + path + " failed: " + e, e);
        }
    }

    /**
     * After a failure: zeroes the first MiB (partition table, boot sector) and syncs, so a half-written
     * or unverified image cannot boot. Failures here are returned for the caller to attach, not thrown.
     */
    java.util.Optional<Exception> wipeHead() {
        pendingLength = 0;
        // A cancelled write leaves the thread interrupted and may have closed the channel: wipe through
        // a fresh channel with the interrupt parked, then restore it.
        boolean interrupted = Thread.interrupted();
        try (FileChannel wipe = FileChannel.open(path, StandardOpenOption.WRITE)) {
            long size = blockDevice ? capacity.orElse(WIPE_BYTES) : wipe.size();
            ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(WIPE_BYTES, size));
            long position = base;
            while (zeros.hasRemaining()) {
                position += wipe.write(zeros, position);
            }
            wipe.force(true);
            return java.util.Optional.empty();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.of(e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        behind.close();
        try {
            channel.close();
        } catch (IOException e) {
            throw new ImageWriteException(Reason.WRITE_FAILED, "closing " + path + " failed: " + e, e);
        }
    }

    private void flush() {
        if (pendingLength > 0) {
            int n = pendingLength;
            pendingLength = 0;
            writeAt(pendingOffset, pending, 0, n);
        }
    }
}
