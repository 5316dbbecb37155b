package dev.ferrum.hardware.generic.erase;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What an overwrite pass writes: zeros, or pseudo-random words that are a pure function of
 * (seed, offset) so any block can be regenerated later and compared with what the disk returns.
 * Random passes only need to differ from the old data and from each other, not to be secret.
 */
final class FillPattern {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private final boolean zero;
    private final long seed;

    private FillPattern(boolean zero, long seed) {
        this.zero = zero;
        this.seed = seed;
    }

    static FillPattern zeros() {
        return new FillPattern(true, 0);
    }

    static FillPattern random(long seed) {
        return new FillPattern(false, seed);
    }

    boolean isZero() {
        return zero;
    }

    /**
     * Fills {@code buffer} from 0 to its limit with the bytes that belong at device offset
     * {@code offset} (a multiple of 8, as every block boundary is).
     */
    void fill(ByteBuffer buffer, long offset) {
        if ((offset & 7) != 0) {
            throw new IllegalArgumentException("pattern offsets are multiples of 8, got " + offset);
        }
        int limit = buffer.limit();
        if (zero) {
            for (int i = 0; i + 8 <= limit; i += 8) {
                buffer.putLong(i, 0L);
            }
            for (int i = limit & ~7; i < limit; i++) {
                buffer.put(i, (byte) 0);
            }
            return;
        }
        ByteBuffer words = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long index = offset >>> 3;
        int i = 0;
        for (; i + 8 <= limit; i += 8) {
            words.putLong(i, word(index++));
        }
        long last = word(index);
        for (int b = 0; i < limit; i++, b++) {
            buffer.put(i, (byte) (last >>> (8 * b)));
        }
    }

    // SplitMix64's output function over a counter: every word is independent of the ones before,
    // so filling and re-checking any block costs the same.
    private long word(long index) {
        long z = seed + (index + 1) * GOLDEN_GAMMA;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
