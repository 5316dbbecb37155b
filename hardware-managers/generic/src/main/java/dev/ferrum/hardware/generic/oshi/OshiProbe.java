package dev.ferrum.hardware.generic.oshi;

import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.HardwareAbstractionLayer;

/**
 * OSHI on the live machine, for the facts procfs and sysfs leave out (an ARM CPU's marketing name,
 * a frequency where neither cpufreq nor cpuinfo has one). OSHI is started only on first need,
 * because starting it costs time and its Linux code may itself run lscpu, lshw or dmidecode
 * (outside Ferrum's command runner); the parsers answer first so that on most machines it never
 * starts. OSHI's sentinels ("unknown", 0, -1) become absent facts.
 */
public final class OshiProbe implements CpuProbe, MemoryProbe {
    private HardwareAbstractionLayer hardware;

    private synchronized HardwareAbstractionLayer hardware() {
        if (hardware == null) {
            hardware = new SystemInfo().getHardware();
        }
        return hardware;
    }

    @Override
    public CpuFacts complete(CpuFacts known) {
        CentralProcessor processor = hardware().getProcessor();
        CentralProcessor.ProcessorIdentifier id = processor.getProcessorIdentifier();
        Optional<String> name = known.modelName().isPresent() ? Optional.empty() : text(id.getName());
        Optional<Double> mhz = known.frequencyMhz().isPresent() ? Optional.empty()
                : hertzToMhz(processor.getMaxFreq()).or(() -> hertzToMhz(id.getVendorFreq()));
        CpuFacts probed = new CpuFacts(name, mhz, positive(processor.getLogicalProcessorCount()),
                architecture(System.getProperty("os.arch", "")), List.of(),
                positive(processor.getPhysicalPackageCount()));
        return known.orElse(probed);
    }

    @Override
    public Optional<Long> totalBytes() {
        long total = hardware().getMemory().getTotal();
        return total > 0 ? Optional.of(total) : Optional.empty();
    }

    /** OSHI's name, unless it is one of its placeholders. */
    static Optional<String> text(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String text = value.strip();
        return text.isEmpty() || text.equalsIgnoreCase("unknown") ? Optional.empty() : Optional.of(text);
    }

    static Optional<Double> hertzToMhz(long hertz) {
        return hertz > 0 ? Optional.of(hertz / 1_000_000.0) : Optional.empty();
    }

    static Optional<Integer> positive(int count) {
        return count > 0 ? Optional.of(count) : Optional.empty();
    }

    /** The JVM's name for the architecture in uname's spelling, which IPA reports. */
    static Optional<String> architecture(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "" -> Optional.empty();
            case "amd64", "x86_64" -> Optional.of("x86_64");
            case "x86", "i386", "i486", "i586", "i686" -> Optional.of("i686");
            case "aarch64", "arm64" -> Optional.of("aarch64");
            default -> Optional.of(osArch);
        };
    }
}
