package dev.ferrum.hardware.generic.erase;

import java.util.Objects;

/**
 * One disk's progress at the moment of a snapshot: bytes written or read back so far against the
 * bytes the current plan will touch ({@code 0} total while unknown, e.g. during a firmware erase).
 */
public record DiskProgress(String device, ErasePhase phase, long bytesDone, long bytesTotal) {

    public DiskProgress {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(phase, "phase");
    }
}
