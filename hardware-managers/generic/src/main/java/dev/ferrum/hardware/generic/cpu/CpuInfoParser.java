package dev.ferrum.hardware.generic.cpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code /proc/cpuinfo} as x86, ARM, POWER and RISC-V kernels write it. Anything it does not
 * recognise is left absent; malformed lines are skipped.
 */
public final class CpuInfoParser {
    private static final Pattern LEADING_NUMBER = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)");

    private CpuInfoParser() {
    }

    public static CpuInfo parse(String cpuinfo) {
        List<Map<String, String>> entries = entries(cpuinfo);
        int processors = 0;
        Optional<String> model = Optional.empty();
        Optional<Double> highest = Optional.empty();
        List<String> flags = List.of();
        Set<String> physicalIds = new LinkedHashSet<>();
        Optional<String> architecture = Optional.empty();
        for (Map<String, String> entry : entries) {
            String processor = entry.get("processor");
            if (processor != null && processor.matches("\\d+")) {
                processors++;
            }
            if (model.isEmpty()) {
                // x86 and most others say "model name"; POWER names the chip in "cpu".
                model = first(entry, "model name", "cpu model", "cpu");
            }
            Optional<Double> mhz = first(entry, "cpu mhz", "clock").flatMap(CpuInfoParser::leadingNumber);
            if (mhz.isPresent() && (highest.isEmpty() || mhz.get() > highest.get())) {
                highest = mhz;
            }
            if (flags.isEmpty()) {
                flags = first(entry, "flags", "features")
                        .map(f -> Arrays.stream(f.split("\\s+")).filter(s -> !s.isEmpty()).toList())
                        .orElse(List.of());
            }
            Optional.ofNullable(entry.get("physical id")).ifPresent(physicalIds::add);
            if (architecture.isEmpty()) {
                architecture = architecture(entry);
            }
        }
        return new CpuInfo(processors, model, highest, flags, physicalIds, architecture);
    }

    /** Blank-line separated entries of {@code key : value} lines, keys lower-cased. */
    private static List<Map<String, String>> entries(String text) {
        List<Map<String, String>> entries = new ArrayList<>();
        Map<String, String> current = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            int colon = line.indexOf(':');
            if (line.isBlank()) {
                if (!current.isEmpty()) {
                    entries.add(current);
                    current = new LinkedHashMap<>();
                }
            } else if (colon > 0) {
                String key = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
                current.putIfAbsent(key, line.substring(colon + 1).strip());
            }
        }
        if (!current.isEmpty()) {
            entries.add(current);
        }
        return entries;
    }

    private static Optional<String> first(Map<String, String> entry, String... keys) {
        for (String key : keys) {
            String value = entry.get(key);
            if (value != null && !value.isBlank()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }

    /**
     * The architecture an entry's shape gives away, for kernels without
     * {@code /proc/sys/kernel/arch}: x86's long-mode flag, ARM's "CPU architecture", POWER's chip.
     */
    private static Optional<String> architecture(Map<String, String> entry) {
        String flags = entry.get("flags");
        if (flags != null && entry.containsKey("vendor_id")) {
            return Optional.of(Arrays.asList(flags.split("\\s+")).contains("lm") ? "x86_64" : "i686");
        }
        String arm = entry.get("cpu architecture");
        if (arm != null) {
            return switch (arm.strip()) {
                case "8", "AArch64" -> Optional.of("aarch64");
                case "7" -> Optional.of("armv7l");
                default -> Optional.empty();
            };
        }
        String cpu = entry.get("cpu");
        if (cpu != null && cpu.startsWith("POWER")) {
            // Every POWER distribution still shipping a ramdisk kernel is little-endian.
            return Optional.of("ppc64le");
        }
        String isa = entry.get("isa");
        if (isa != null && isa.startsWith("rv64")) {
            return Optional.of("riscv64");
        }
        return Optional.empty();
    }

    private static Optional<Double> leadingNumber(String text) {
        Matcher m = LEADING_NUMBER.matcher(text);
        return m.find() ? Optional.of(Double.parseDouble(m.group(1))) : Optional.empty();
    }
}
