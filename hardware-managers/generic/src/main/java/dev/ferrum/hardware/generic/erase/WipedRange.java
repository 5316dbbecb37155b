package dev.ferrum.hardware.generic.erase;

import java.util.List;
import java.util.Objects;

/**
 * A byte range of a whole disk that was zeroed, with the signatures it was chosen to destroy
 * (several when ranges of neighbouring signatures were merged).
 */
public record WipedRange(long offset, long length, List<String> kills) {

    public WipedRange {
        if (offset < 0 || length <= 0) {
            throw new IllegalArgumentException("bad range offset=" + offset + " length=" + length);
        }
        kills = List.copyOf(Objects.requireNonNull(kills, "kills"));
    }

    /** The first byte after the range. */
    public long end() {
        return offset + length;
    }
}
