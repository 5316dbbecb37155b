package dev.ferrum.hardware.generic.memory;

import java.util.Optional;

/** A source of the machine's usable memory beyond {@code /proc/meminfo} (OSHI on the live machine). */
@FunctionalInterface
public interface MemoryProbe {

    /** Usable memory in bytes, when this probe knows it. */
    Optional<Long> totalBytes();

    /** The no-op probe: knows nothing. */
    MemoryProbe NONE = Optional::empty;
}
