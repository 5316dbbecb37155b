package dev.ferrum.agent.partition;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Positional reads and writes on the caller's channel, looping until done (a channel may move
 * fewer bytes than asked) and turning I/O failures into this package's exception.
 */
final class BlockIo {

    private static final int CHUNK = 1024 * 1024;

    private BlockIo() {
    }

    /** Reads {@code length} bytes at {@code offset}; bytes past the end of a regular file read as zero. */
    static ByteBuffer read(FileChannel channel, long offset, int length) {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        try {
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer, offset + buffer.position());
                if (n < 0) {
                    // A sparse test image may end before the geometry says; a device never does.
                    break;
                }
            }
        } catch (IOException e) {
            throw new PartitionTableException("Cannot read " + length + " bytes at byte " + offset
                    + " of the disk: " + e.getMessage() + ". Check the disk and the kernel log.", e);
        }
        return buffer.clear();
    }

    static void write(FileChannel channel, long offset, ByteBuffer data) {
        ByteBuffer source = data.duplicate();
        try {
            while (source.hasRemaining()) {
                channel.write(source, offset + source.position() - data.position());
            }
        } catch (IOException e) {
            throw new PartitionTableException("Cannot write " + data.remaining() + " bytes at byte " + offset
                    + " of the disk: " + e.getMessage() + ". Check the disk and the kernel log.", e);
        }
    }

    static void zero(FileChannel channel, long offset, long length) {
        ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(CHUNK, Math.max(length, 1)));
        long done = 0;
        while (done < length) {
            int n = (int) Math.min(zeros.capacity(), length - done);
            write(channel, offset + done, zeros.clear().limit(n));
            done += n;
        }
    }

    /**
     * Copies {@code length} bytes from {@code from} to {@code to} where {@code to >= from}. The
     * ranges may overlap, so the copy runs from the end backwards, like memmove.
     */
    static void moveUp(FileChannel channel, long from, long to, long length) {
        if (to < from) {
            throw new IllegalArgumentException("moveUp only moves data towards the end of the disk");
        }
        if (to == from || length == 0) {
            return;
        }
        long remaining = length;
        while (remaining > 0) {
            int n = (int) Math.min(CHUNK, remaining);
            remaining -= n;
            ByteBuffer chunk = read(channel, from + remaining, n);
            write(channel, to + remaining, chunk);
        }
    }

    static void force(FileChannel channel) {
        try {
            channel.force(true);
        } catch (IOException e) {
            throw new PartitionTableException("Cannot flush the disk: " + e.getMessage()
                    + ". The partition table may be incomplete; rerun the deploy.", e);
        }
    }
}
