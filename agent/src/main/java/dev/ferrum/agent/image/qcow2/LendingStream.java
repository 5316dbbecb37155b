package dev.ferrum.agent.image.qcow2;

import java.io.IOException;

/**
 * An image stream that can lend the bytes it already holds in its own buffers, so that long runs of
 * data clusters reach the {@link GuestWriter} without being copied into the stream window first.
 */
public interface LendingStream {
    /** Receives lent bytes; they are valid only during the call. */
    @FunctionalInterface
    interface Borrower {
        void accept(byte[] buffer, int offset, int length);
    }

    /**
     * Consumes the next {@code 1..max} bytes and passes them to {@code borrower} in place; returns
     * how many, or -1 at the end of the stream.
     */
    int lend(int max, Borrower borrower) throws IOException;
}
