package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What happened to one disk: {@code bytes} is how much of the device the method covered (the
 * whole device for a full erase, the zeroed ranges for a metadata wipe), {@code verified} is true
 * only when Ferrum read the device back after the erase and found what the method must leave, {@code reason} says why a
 * disk was refused or failed, {@code notes} what was tried on the way (declined methods, fallbacks),
 * {@code declined} each method stronger than the one used and why it was passed over,
 * {@code verification} the sampled read-back after a full erase, {@code started} when work began.
 */
public record DiskEraseReport(
        String device,
        EraseMethod method,
        DiskOutcome outcome,
        long bytes,
        @JsonIgnore Duration duration,
        boolean verified,
        Optional<RefusalReason> refusal,
        Optional<String> reason,
        List<WipedRange> ranges,
        List<String> notes,
        List<String> declined,
        Optional<ReadBackVerification> verification,
        @JsonIgnore Instant started) {

    public DiskEraseReport {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(duration, "duration");
        refusal = Objects.requireNonNullElse(refusal, Optional.empty());
        reason = Objects.requireNonNullElse(reason, Optional.empty());
        ranges = List.copyOf(Objects.requireNonNull(ranges, "ranges"));
        notes = List.copyOf(Objects.requireNonNull(notes, "notes"));
        declined = List.copyOf(Objects.requireNonNull(declined, "declined"));
        verification = Objects.requireNonNullElse(verification, Optional.empty());
        Objects.requireNonNull(started, "started");
        if (outcome != DiskOutcome.ERASED && reason.isEmpty()) {
            throw new IllegalArgumentException("a disk that was not erased needs a reason");
        }
    }

    /** A disk the safety gate refused; {@code fatal} when the refusal must fail the step. */
    static DiskEraseReport refused(String device, Refusal refusal, boolean fatal, Instant started) {
        return new DiskEraseReport(device, EraseMethod.SKIPPED, fatal ? DiskOutcome.FAILED : DiskOutcome.SKIPPED,
                0, Duration.ZERO, false, Optional.of(refusal.reason()), Optional.of(refusal.toString()), List.of(),
                List.of(), List.of(), Optional.empty(), started);
    }

    /** A disk whose erase went wrong after the gate let it through. */
    static DiskEraseReport failed(String device, EraseMethod method, long bytes, String reason, Duration duration,
            List<String> notes, Instant started) {
        return new DiskEraseReport(device, method, DiskOutcome.FAILED, bytes, duration, false, Optional.empty(),
                Optional.of(reason), List.of(), notes, List.of(), Optional.empty(), started);
    }

    /** The same report with the read-back that followed the erase, and the methods declined before it. */
    DiskEraseReport withProof(List<String> declinedMethods, Optional<ReadBackVerification> readBack) {
        return new DiskEraseReport(device, method, outcome, bytes, duration, verified, refusal, reason, ranges, notes,
                declinedMethods, readBack, started);
    }

    /** The wall-clock time the disk took, in whole milliseconds, for JSON readers. */
    @JsonProperty("duration_ms")
    public long durationMillis() {
        return duration.toMillis();
    }

    /** When work on the disk began, ISO-8601 UTC. */
    @JsonProperty("started_at")
    public String startedAt() {
        return started.toString();
    }

    /** When work on the disk ended, ISO-8601 UTC. */
    @JsonProperty("ended_at")
    public String endedAt() {
        return started.plus(duration).toString();
    }
}
