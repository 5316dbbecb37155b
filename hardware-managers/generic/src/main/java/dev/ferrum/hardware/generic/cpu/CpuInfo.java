package dev.ferrum.hardware.generic.cpu;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code /proc/cpuinfo} says: the number of processor entries, the first model name, the
 * highest clock reported, the first entry's feature flags, the distinct physical package ids, and
 * the architecture its shape implies.
 */
public record CpuInfo(
        int processors,
        Optional<String> modelName,
        Optional<Double> highestMhz,
        List<String> flags,
        Set<String> physicalIds,
        Optional<String> architecture) {

    public static final CpuInfo EMPTY = new CpuInfo(0, Optional.empty(), Optional.empty(), List.of(), Set.of(),
            Optional.empty());

    public CpuInfo {
        flags = List.copyOf(flags);
        physicalIds = Set.copyOf(physicalIds);
    }
}
