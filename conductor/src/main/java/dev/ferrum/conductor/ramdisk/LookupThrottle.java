package dev.ferrum.conductor.ramdisk;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Limits how fast one source address can guess: every lookup that finds no node costs the source one unit of
 * a bucket that refills at a steady rate, and a source whose bucket is empty gets no answer at all (429) until
 * it refills. Finding a node costs nothing, so a fleet booting behind one relay is never slowed; a script
 * walking MAC addresses or node UUIDs is held to the refill rate. Memory is bounded: past
 * {@link #MAX_SOURCES} sources, those whose buckets are full again are forgotten.
 */
public final class LookupThrottle {
    static final int MAX_SOURCES = 65_536;

    private final int burst;
    private final Duration refillEvery;
    private final Map<String, Bucket> buckets = new HashMap<>();

    private static final class Bucket {
        double units;
        Instant updated;

        Bucket(double units, Instant updated) {
            this.units = units;
            this.updated = updated;
        }
    }

    /**
     * @param burst misses a source may have in a row before it is held back
     * @param refillEvery how long it takes one miss to be forgiven
     */
    public LookupThrottle(int burst, Duration refillEvery) {
        if (burst < 1 || refillEvery.isNegative() || refillEvery.isZero()) {
            throw new IllegalArgumentException("a lookup throttle needs a burst of at least 1 and a positive refill");
        }
        this.burst = burst;
        this.refillEvery = refillEvery;
    }

    /** 30 misses in a row, then one per second: far above an agent's backoff, far below a MAC scan. */
    public static LookupThrottle defaults() {
        return new LookupThrottle(30, Duration.ofSeconds(1));
    }

    /** How long {@code source} must wait before it is answered again; zero when it may look up now. */
    public synchronized Duration waitFor(String source, Instant now) {
        Bucket bucket = buckets.get(source);
        if (bucket == null) {
            return Duration.ZERO;
        }
        refill(bucket, now);
        if (bucket.units >= 1) {
            return Duration.ZERO;
        }
        return Duration.ofNanos((long) Math.ceil((1 - bucket.units) * refillEvery.toNanos()));
    }

    /** {@code source} looked up something that is not there (or not in a ramdisk state). */
    public synchronized void recordMiss(String source, Instant now) {
        Bucket bucket = buckets.get(source);
        if (bucket == null) {
            if (buckets.size() >= MAX_SOURCES) {
                forgetRefilled(now);
            }
            bucket = new Bucket(burst, now);
            buckets.put(source, bucket);
        }
        refill(bucket, now);
        bucket.units = Math.max(0, bucket.units - 1);
    }

    private void refill(Bucket bucket, Instant now) {
        if (now.isAfter(bucket.updated)) {
            double earned = (double) Duration.between(bucket.updated, now).toNanos() / refillEvery.toNanos();
            bucket.units = Math.min(burst, bucket.units + earned);
            bucket.updated = now;
        }
    }

    private void forgetRefilled(Instant now) {
        buckets.values().removeIf(bucket -> {
            refill(bucket, now);
            return bucket.units >= burst;
        });
        if (buckets.size() >= MAX_SOURCES) {
            // Every source is mid-scan: start over rather than grow without bound.
            buckets.clear();
        }
    }
}
