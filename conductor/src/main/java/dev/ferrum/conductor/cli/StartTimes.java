package dev.ferrum.conductor.cli;

/**
 * How long each part of a conductor's start took, from its first mark to the API listening, said in one INFO line
 * so a slow start shows where its time went (bench/cold-start-phases.sh reads that line). One start's thread
 * marks it; nothing else touches it.
 */
final class StartTimes {
    private final long origin;
    private long last;
    private final StringBuilder phases = new StringBuilder();

    private StartTimes(long origin) {
        this.origin = origin;
        this.last = origin;
    }

    /** Starts the clock now. */
    static StartTimes begin() {
        return new StartTimes(System.nanoTime());
    }

    /** Ends the phase named here (the one since the previous mark, or since the start). */
    void mark(String phase) {
        long now = System.nanoTime();
        phases.append(phases.isEmpty() ? "" : ", ").append(phase).append(' ').append(millis(now - last)).append(" ms");
        last = now;
    }

    /** "started in N ms (phase n ms, ...)": the time from the first mark's start to the last mark. */
    String summary() {
        return "started in " + millis(last - origin) + " ms (" + phases + ")";
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }
}
