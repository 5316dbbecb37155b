package dev.ferrum.agent.image.qcow2;

/** Random access to the image file, for the qcow2 metadata (L1 and L2 tables) read before streaming. */
@FunctionalInterface
public interface RangeReader {
    /** Fills {@code dst[0, length)} with the file's bytes at {@code offset}; failures are ImageWriteExceptions. */
    void readFully(long offset, byte[] dst, int length);
}
