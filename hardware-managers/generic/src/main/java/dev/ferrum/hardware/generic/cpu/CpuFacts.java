package dev.ferrum.hardware.generic.cpu;

import dev.ferrum.protocol.inventory.Cpu;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What is known about the processors before it becomes the wire's {@link Cpu}: every fact may be
 * missing, so several sources (procfs, sysfs, OSHI) can be layered with {@link #orElse}.
 */
public record CpuFacts(
        Optional<String> modelName,
        Optional<Double> frequencyMhz,
        Optional<Integer> count,
        Optional<String> architecture,
        List<String> flags,
        Optional<Integer> socketCount) {

    public static final CpuFacts NONE = new CpuFacts(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), List.of(), Optional.empty());

    public CpuFacts {
        flags = List.copyOf(flags);
    }

    /** These facts, each missing one taken from {@code fallback}. */
    public CpuFacts orElse(CpuFacts fallback) {
        return new CpuFacts(modelName.or(fallback::modelName), frequencyMhz.or(fallback::frequencyMhz),
                count.or(fallback::count), architecture.or(fallback::architecture),
                flags.isEmpty() ? fallback.flags : flags, socketCount.or(fallback::socketCount));
    }

    /**
     * True when no other source could add anything worth asking for. Flags are left out: only
     * procfs knows them, so their absence is no reason to consult another source.
     */
    public boolean isComplete() {
        return modelName.isPresent() && frequencyMhz.isPresent() && count.isPresent()
                && architecture.isPresent() && socketCount.isPresent();
    }

    /** The wire record; frequency in MHz with four decimals as lscpu (and so IPA) prints it. */
    public Cpu toCpu() {
        return new Cpu(modelName, frequencyMhz.map(mhz -> String.format(Locale.ROOT, "%.4f", mhz)),
                count.orElse(0), architecture, flags, socketCount);
    }
}
