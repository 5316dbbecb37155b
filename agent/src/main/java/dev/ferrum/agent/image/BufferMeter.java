package dev.ferrum.agent.image;

/**
 * Allocates the writer's large buffers and counts them, so memory use is a property tests can
 * assert (largest buffer, sum of all buffers, map bytes) rather than a heap-size guess. One meter
 * per write; not shared between threads.
 */
public final class BufferMeter {
    private long largest;
    private long total;
    private long mapBytes;

    /** A new zeroed buffer of {@code size} bytes, counted. */
    public byte[] allocate(int size) {
        largest = Math.max(largest, size);
        total += size;
        return new byte[size];
    }

    /** Records that a growable map now holds {@code bytes} more (its arrays grew). */
    public void mapGrew(long bytes) {
        mapBytes += bytes;
    }

    public MemoryUse use() {
        return new MemoryUse(largest, total, mapBytes);
    }

    /**
     * What one write allocated.
     *
     * @param largestBuffer the largest single I/O buffer
     * @param bufferBytes   all I/O buffers together
     * @param mapBytes      the qcow2 cluster map's arrays (0 for raw images)
     */
    public record MemoryUse(long largestBuffer, long bufferBytes, long mapBytes) {
    }
}
