package dev.ferrum.agent.image.qcow2;

/** Where guest-disk contents go: data at guest offsets, and ranges known to read as zeros. */
public interface GuestWriter {
    /** Writes {@code src[off, off+len)} at guest offset {@code offset}; calls come in any order. */
    void write(long offset, byte[] src, int off, int len);

    /** The guest range reads as zeros; the writer writes zeros or skips it (a target already zero). */
    void zeros(long offset, long len);
}
