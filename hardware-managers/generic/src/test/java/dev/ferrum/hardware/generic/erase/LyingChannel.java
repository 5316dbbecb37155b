package dev.ferrum.hardware.generic.erase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A drive that lies: writes into {@code [dropFrom, dropTo)} are acknowledged but never stored,
 * so the old data stays there. Everything else goes to the real file underneath. An empty range
 * makes an honest channel, used to observe opens and closes.
 */
final class LyingChannel extends FileChannel {
    private final FileChannel real;
    private final long dropFrom;
    private final long dropTo;
    private final Runnable onClose;

    LyingChannel(FileChannel real, long dropFrom, long dropTo) {
        this(real, dropFrom, dropTo, () -> { });
    }

    LyingChannel(FileChannel real, long dropFrom, long dropTo, Runnable onClose) {
        this.real = real;
        this.dropFrom = dropFrom;
        this.dropTo = dropTo;
        this.onClose = onClose;
    }

    /** An honest channel that runs {@code onClose} when closed. */
    static LyingChannel honest(FileChannel real, Runnable onClose) {
        return new LyingChannel(real, 0, 0, onClose);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        int length = src.remaining();
        long end = position + length;
        if (end <= dropFrom || position >= dropTo) {
            return real.write(src, position);
        }
        int start = src.position();
        if (position < dropFrom) {
            real.write(src.duplicate().limit(start + (int) (dropFrom - position)), position);
        }
        if (end > dropTo) {
            real.write(src.duplicate().position(start + (int) (dropTo - position)), dropTo);
        }
        src.position(start + length); // claim everything was written
        return length;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return real.read(dst, position);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return real.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return real.read(dsts, offset, length);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        throw new UnsupportedOperationException("the eraser writes positionally");
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        throw new UnsupportedOperationException("the eraser writes positionally");
    }

    @Override
    public long position() throws IOException {
        return real.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        real.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return real.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        throw new UnsupportedOperationException("devices cannot be truncated");
    }

    @Override
    public void force(boolean metaData) throws IOException {
        real.force(metaData);
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return real.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        throw new UnsupportedOperationException("the eraser writes positionally");
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        throw new UnsupportedOperationException("the eraser does not map devices");
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return real.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return real.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        onClose.run();
        real.close();
    }
}
