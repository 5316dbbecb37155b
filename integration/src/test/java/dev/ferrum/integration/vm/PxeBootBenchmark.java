package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test (surefire's default includes skip it): the measurement behind
 * {@code integration/bench/pxe-boot.sh}. Method: the {@link VmLab} set-up of the VM test (real
 * iPXE ROM, dnsmasq, the conductor's HTTP boot files, the agent ramdisk built from this checkout,
 * IPMI through ipmi_sim); each of {@code ferrum.bench.runs} runs inspects the node and then cleans it
 * (provide, metadata erase), then manages it again. "QEMU start" is the time the BMC's hook logged
 * just before exec'ing QEMU for that boot; "inventory received" the conductor's log record of the
 * inspection data arriving (under inspection the ramdisk's first request is the inventory itself);
 * "first lookup" the record of the agent's lookup in the cleaning boot, whose seconds are also split
 * into {@link BootPhases}. All are wall-clock times of this machine.
 *
 * <p>With {@code ferrum.bench.baseline} naming a directory holding another ramdisk's {@code vmlinuz}
 * and {@code initramfs}, every run boots that one and then this checkout's (the conductor serves
 * whatever the boot directory holds at the time), so both see the same load; the report then gives
 * each one's medians and the ratio. {@code ferrum.bench.inspect=false} skips the inspection boots. Prints the per-run figures, the medians and the median of each
 * phase, and writes them to {@code target/pxe-boot-bench.txt}.
 */
@Tag("bench")
class PxeBootBenchmark {
    @TempDir
    Path temp;

    /** One ramdisk under test: where its files are, and its figures so far. */
    private record Variant(String name, Path directory, List<Double> toInventory, List<Double> toLookup,
            List<BootPhases> phases) {
        Variant(String name, Path directory) {
            this(name, directory, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }

        Path kernel() {
            return directory.resolve("vmlinuz");
        }

        Path initramfs() {
            return directory.resolve("initramfs");
        }
    }

    @Test
    void measuresPowerOnToLookupAndInventoryThroughRealPxe() throws Exception {
        VmLab.assumeToolsPresent("PxeBootBenchmark");
        int runs = Integer.getInteger("ferrum.bench.runs", 5);
        // false: cleaning boots only, half the time on a busy machine.
        boolean inspect = Boolean.parseBoolean(System.getProperty("ferrum.bench.inspect", "true"));
        // A TCG boot on a 2-core machine shared with many builds took over 5 minutes to finish cleaning.
        Duration boot = Duration.ofMinutes(Integer.getInteger("ferrum.bench.bootMinutes", 10));
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord record) {
                String message = record.getMessage();
                if (message != null && (message.contains("agent looked up") || message.contains("inspection data received")
                        || message.startsWith("boot file "))) {
                    records.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(recorder);
        StringBuilder report = new StringBuilder();
        try (VmLab lab = VmLab.start(temp, Map.of()); ConsoleClock console = ConsoleClock.start(lab.vm().consoleLog())) {
            Path kernel = temp.resolve("boot/vmlinuz");
            Path initramfs = temp.resolve("boot/initramfs");
            List<Variant> variants = new ArrayList<>();
            String baseline = System.getProperty("ferrum.bench.baseline", "");
            if (!baseline.isBlank()) {
                variants.add(new Variant("baseline", Path.of(baseline)));
            }
            variants.add(new Variant("this checkout", VmLab.ramdisk(temp).kernel().getParent()));
            for (Variant variant : variants) {
                report.append("%s (%s): kernel %.1f MB, initramfs %.1f MB, total %.1f MB%n".formatted(variant.name(),
                        variant.directory(),
                        Files.size(variant.kernel()) / 1e6, Files.size(variant.initramfs()) / 1e6,
                        (Files.size(variant.kernel()) + Files.size(variant.initramfs())) / 1e6));
            }
            lab.provision("manage", "manageable", Duration.ofMinutes(1));
            for (int run = 1; run <= runs; run++) {
                for (Variant variant : variants) {
                    Files.copy(variant.kernel(), kernel, StandardCopyOption.REPLACE_EXISTING);
                    Files.copy(variant.initramfs(), initramfs, StandardCopyOption.REPLACE_EXISTING);
                    if (inspect) {
                        // Inspection: the ramdisk's first request is the inventory itself (no lookup).
                        records.clear();
                        lab.provision("inspect", "manageable", boot);
                        variant.toInventory().add(seconds(lastQemuStart(lab.vm()), first(records, "inspection data received")));
                        assertThat(VmLab.eventually(Duration.ofSeconds(30), () -> !lab.vm().running())).isTrue();
                    }
                    // Cleaning: the agent looks up its node first, then heartbeats.
                    records.clear();
                    lab.provision("provide", "available", boot);
                    Instant started = lastQemuStart(lab.vm());
                    variant.toLookup().add(seconds(started, first(records, "agent looked up")));
                    variant.phases().add(BootPhases.of(started, console.lines(), List.copyOf(records)));
                    assertThat(VmLab.eventually(Duration.ofSeconds(30), () -> !lab.vm().running())).isTrue();
                    lab.provision("manage", "manageable", Duration.ofMinutes(1));
                    report.append("run %d, %s: QEMU start -> inventory received (inspection boot) %s, -> first lookup (cleaning boot) %.1f s%n"
                            .formatted(run, variant.name(), inspect ? "%.1f s".formatted(variant.toInventory().getLast()) : "-",
                                    variant.toLookup().getLast()));
                }
            }
            for (Variant variant : variants) {
                report.append("median of %d, %s: QEMU start -> inventory received %s, -> first lookup %.1f s%n"
                        .formatted(runs, variant.name(), inspect ? "%.1f s".formatted(median(variant.toInventory())) : "-",
                                median(variant.toLookup())));
            }
            report.append(phaseTable(variants));
            if (variants.size() == 2) {
                report.append("ratio this checkout / baseline, median first lookup: %.2f%s%n"
                        .formatted(median(variants.get(1).toLookup()) / median(variants.get(0).toLookup()), inspect
                                ? ", median inventory received: %.2f".formatted(median(variants.get(1).toInventory())
                                        / median(variants.get(0).toInventory())) : ""));
            }
        } finally {
            root.removeHandler(recorder);
            // Written even when a boot failed: the runs before it are still measurements.
            System.out.print(report);
            Files.writeString(Path.of("target", "pxe-boot-bench.txt"), report);
        }
    }

    /** Median seconds of each phase of the cleaning boot, one column per variant, as a Markdown table. */
    private static String phaseTable(List<Variant> variants) {
        StringBuilder table = new StringBuilder("\n| phase (cleaning boot, median s) |");
        variants.forEach(v -> table.append(' ').append(v.name()).append(" |"));
        table.append("\n|---|").append("---|".repeat(variants.size())).append('\n');
        for (String phase : BootPhases.NAMES) {
            table.append("| ").append(phase).append(" |");
            for (Variant variant : variants) {
                List<Double> values = variant.phases().stream().flatMap(p -> p.seconds().get(phase).stream()).toList();
                table.append(values.isEmpty() ? " - |" : " %.1f |".formatted(median(values)));
            }
            table.append('\n');
        }
        return table.append('\n').toString();
    }

    private static Instant first(List<LogRecord> records, String text) {
        return records.stream().filter(r -> r.getMessage().contains(text)).map(LogRecord::getInstant).findFirst()
                .orElseThrow(() -> new AssertionError("the conductor logged no '" + text + "'"));
    }

    /** The last "HH:MM:SS.nnnnnnnnn start" line the BMC hook wrote (UTC, today). */
    private static Instant lastQemuStart(BmcManagedVm vm) throws IOException {
        Path log = vm.consoleLog().resolveSibling("qemu.log");
        Optional<String> line = Files.readAllLines(log).stream().filter(l -> l.contains(" start ")).reduce((a, b) -> b);
        return line.map(l -> LocalTime.parse(l.substring(0, l.indexOf(' '))).atDate(LocalDate.now(ZoneOffset.UTC))
                .toInstant(ZoneOffset.UTC)).orElseThrow(() -> new AssertionError("no QEMU start in " + log));
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
