package dev.ferrum.agent.image.qcow2;

import dev.ferrum.agent.image.BufferMeter;
import java.util.Arrays;

/**
 * The compact host-to-guest map of a qcow2 image: one extent per run of host- and guest-contiguous
 * data clusters (capped at {@code runCap} bytes), per compressed cluster, and per metadata range to
 * verify against the stream; plus the guest ranges that read as zeros. 24 bytes per extent (three
 * longs) and 16 per zero run, so memory is O(allocated clusters) and far less for images whose data
 * is laid out in order (as {@code qemu-img convert} writes it).
 */
final class ClusterMap {
    static final int DATA = 0;
    static final int COMPRESSED = 1;
    static final int VERIFY = 2;

    private final BufferMeter meter;
    private final int runCap;
    private long[] host = new long[64];
    private long[] guest = new long[64]; // guest offset, or the digest index for VERIFY
    private long[] lengthAndKind = new long[64]; // length << 2 | kind
    private int size;
    private long[] zeroRuns = new long[64]; // start, length pairs in guest order
    private int zeroCount;

    ClusterMap(BufferMeter meter, int runCap) {
        this.meter = meter;
        this.runCap = runCap;
        meter.mapGrew(3L * 64 * 8 + 64L * 8);
    }

    void data(long guestOffset, long hostOffset, int length) {
        if (size > 0) {
            int p = size - 1;
            long pl = length(p);
            if (kind(p) == DATA && host[p] + pl == hostOffset && guest[p] + pl == guestOffset && pl + length <= runCap) {
                lengthAndKind[p] = (pl + length) << 2 | DATA;
                return;
            }
        }
        add(hostOffset, guestOffset, length, DATA);
    }

    void compressed(long guestOffset, long hostOffset, int length) {
        add(hostOffset, guestOffset, length, COMPRESSED);
    }

    void verify(long hostOffset, int length, int digestIndex) {
        add(hostOffset, digestIndex, length, VERIFY);
    }

    /** Guest range reading as zeros; contiguous calls merge. Calls must come in guest order. */
    void zero(long guestOffset, long length) {
        if (length <= 0) {
            return;
        }
        if (zeroCount > 0 && zeroRuns[2 * zeroCount - 2] + zeroRuns[2 * zeroCount - 1] == guestOffset) {
            zeroRuns[2 * zeroCount - 1] += length;
            return;
        }
        if (2 * zeroCount == zeroRuns.length) {
            meter.mapGrew(zeroRuns.length * 8L);
            zeroRuns = Arrays.copyOf(zeroRuns, zeroRuns.length * 2);
        }
        zeroRuns[2 * zeroCount] = guestOffset;
        zeroRuns[2 * zeroCount + 1] = length;
        zeroCount++;
    }

    /** Records growth of a companion array (the metadata digests) in the map's memory count. */
    void meterGrowth(long bytes) {
        meter.mapGrew(bytes);
    }

    int size() {
        return size;
    }

    long host(int i) {
        return host[i];
    }

    long guest(int i) {
        return guest[i];
    }

    int length(int i) {
        return (int) (lengthAndKind[i] >>> 2);
    }

    int kind(int i) {
        return (int) (lengthAndKind[i] & 3);
    }

    int zeroRunCount() {
        return zeroCount;
    }

    long zeroStart(int i) {
        return zeroRuns[2 * i];
    }

    long zeroLength(int i) {
        return zeroRuns[2 * i + 1];
    }

    /** Orders extents by host offset, the order the stream delivers them in. */
    void sortByHost() {
        for (int i = 1; i < size; i++) {
            if (host[i - 1] > host[i]) {
                quicksort(0, size - 1);
                return;
            }
        }
    }

    private void add(long h, long g, int length, int kind) {
        if (size == host.length) {
            int grown = host.length * 2;
            meter.mapGrew(3L * host.length * 8);
            host = Arrays.copyOf(host, grown);
            guest = Arrays.copyOf(guest, grown);
            lengthAndKind = Arrays.copyOf(lengthAndKind, grown);
        }
        host[size] = h;
        guest[size] = g;
        lengthAndKind[size] = (long) length << 2 | kind;
        size++;
    }

    /** In place over the three arrays; recursing into the smaller side bounds the stack to O(log n). */
    private void quicksort(int lo, int hi) {
        while (hi - lo > 16) {
            int mid = (lo + hi) >>> 1;
            long pivot = median(host[lo], host[mid], host[hi]);
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (host[i] < pivot) {
                    i++;
                }
                while (host[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quicksort(lo, j);
                lo = i;
            } else {
                quicksort(i, hi);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            for (int k = i; k > lo && host[k - 1] > host[k]; k--) {
                swap(k, k - 1);
            }
        }
    }

    private static long median(long a, long b, long c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }

    private void swap(int a, int b) {
        long t = host[a];
        host[a] = host[b];
        host[b] = t;
        t = guest[a];
        guest[a] = guest[b];
        guest[b] = t;
        t = lengthAndKind[a];
        lengthAndKind[a] = lengthAndKind[b];
        lengthAndKind[b] = t;
    }
}
