package dev.ferrum.agent.image;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A consistent snapshot of one image write, safe to render into a command result while the write
 * runs.
 *
 * @param phase           what the writer is doing now
 * @param bytesDownloaded bytes received from the server (published, possibly compressed bytes)
 * @param bytesWritten    bytes written to the target (zero ranges skipped on a sparse target are not counted)
 * @param totalBytes      the download's size, when the server said it
 * @param bytesPerSecond  download rate over the recent window; 0 before two samples exist
 * @param eta             time left for the download at that rate, when the total and a rate are known
 * @param resumes         how many times a dropped connection was resumed
 */
public record WriteProgress(Phase phase, long bytesDownloaded, long bytesWritten, OptionalLong totalBytes,
        double bytesPerSecond, Optional<Duration> eta, int resumes) {

    /** The stages of a write, in order; {@code SUCCEEDED} and {@code FAILED} are final. */
    public enum Phase {
        STARTING, RESOLVING_CHECKSUM, CONNECTING, READING_METADATA, STREAMING, ZERO_FILLING, SYNCING, SUCCEEDED, FAILED
    }

    public WriteProgress {
        Objects.requireNonNull(phase);
        Objects.requireNonNull(totalBytes);
        Objects.requireNonNull(eta);
    }
}
