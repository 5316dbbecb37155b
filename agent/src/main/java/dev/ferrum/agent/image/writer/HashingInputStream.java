package dev.ferrum.agent.image.writer;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;

/** Feeds every byte read through it to a digest, exactly once, and counts them. */
final class HashingInputStream extends FilterInputStream {
    private final MessageDigest digest;
    private long count;

    HashingInputStream(InputStream in, MessageDigest digest) {
        super(in);
        this.digest = digest;
    }

    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            digest.update((byte) b);
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            digest.update(b, off, n);
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipping would bypass the digest; read instead.
        byte[] scratch = new byte[(int) Math.min(8192, Math.max(n, 1))];
        long done = 0;
        while (done < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - done));
            if (r < 0) {
                break;
            }
            done += r;
        }
        return done;
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
