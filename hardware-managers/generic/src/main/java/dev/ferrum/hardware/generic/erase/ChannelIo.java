package dev.ferrum.hardware.generic.erase;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Positional whole-buffer I/O on a device channel, and the buffers it uses. */
final class ChannelIo {
    private static final int ALIGNMENT = 4096;

    private ChannelIo() {
    }

    /**
     * A direct buffer of {@code bytes} starting on a 4096-byte boundary, so the same buffers work
     * if the device is ever opened for direct I/O.
     */
    static ByteBuffer alignedBuffer(int bytes) {
        return ByteBuffer.allocateDirect(bytes + ALIGNMENT).alignedSlice(ALIGNMENT).limit(bytes).slice();
    }

    /** Writes all remaining bytes of {@code buffer} at {@code position}. */
    static void writeFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int written = channel.write(buffer, at);
            if (written <= 0) {
                throw new IOException("the device accepted no bytes at offset " + at);
            }
            at += written;
        }
    }

    /** Fills the remaining space of {@code buffer} from {@code position}; the device must not end before. */
    static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, at);
            if (read < 0) {
                throw new EOFException("the device ended at offset " + at + " while reading back");
            }
            at += read;
        }
    }

    /** The index of the first non-zero byte between position and limit, or -1 when all are zero. */
    static int firstNonZero(ByteBuffer buffer) {
        for (int i = buffer.position(); i < buffer.limit(); i++) {
            if (buffer.get(i) != 0) {
                return i - buffer.position();
            }
        }
        return -1;
    }

    /**
     * The device's size: what the channel reports (the kernel's size for a block device, the
     * length for a regular file), else what sysfs reported.
     */
    static long deviceSize(FileChannel channel, long sysfsBytes, Path device) throws IOException {
        long size = channel.size();
        if (size > 0) {
            return size;
        }
        if (sysfsBytes > 0) {
            return sysfsBytes;
        }
        throw new DiskEraseException("cannot tell the size of " + device + ": the device and sysfs both report 0");
    }
}
