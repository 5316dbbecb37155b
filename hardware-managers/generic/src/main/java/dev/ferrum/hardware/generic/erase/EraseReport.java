package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The result of one erase step over all disks, in the order the disks were given. The step
 * succeeded when no disk {@link DiskOutcome#FAILED}; {@link #summary()} is the sentence to put in
 * a command error when it did not.
 */
public record EraseReport(String step, List<DiskEraseReport> disks) {

    public EraseReport {
        Objects.requireNonNull(step, "step");
        disks = List.copyOf(Objects.requireNonNull(disks, "disks"));
    }

    @JsonProperty("succeeded")
    public boolean succeeded() {
        return failures().isEmpty();
    }

    /** The disks that failed the step. */
    public List<DiskEraseReport> failures() {
        return disks.stream().filter(d -> d.outcome() == DiskOutcome.FAILED).toList();
    }

    /** One line per failed disk, or a success line; says what to do next where the cause is known. */
    public String summary() {
        if (succeeded()) {
            long erased = disks.stream().filter(d -> d.outcome() == DiskOutcome.ERASED).count();
            return step + ": " + erased + " disk(s) erased, " + (disks.size() - erased) + " skipped";
        }
        return step + " failed on " + failures().stream()
                .map(d -> d.device() + " (" + d.reason().orElse("unknown") + ")")
                .collect(Collectors.joining("; "));
    }
}
