package dev.ferrum.hardware.generic.cpu;

/**
 * A source of CPU facts beyond procfs and sysfs (OSHI on the live machine). It is asked only to
 * complete what the parsers left missing, so a costly probe need not look up what is known.
 */
@FunctionalInterface
public interface CpuProbe {

    /** {@code known}, with whatever missing facts this probe can supply. */
    CpuFacts complete(CpuFacts known);

    /** The no-op probe: adds nothing (fixture roots, where the host's CPU would be wrong). */
    CpuProbe NONE = known -> known;
}
