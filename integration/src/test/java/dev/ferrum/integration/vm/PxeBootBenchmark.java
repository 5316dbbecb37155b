package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * "first lookup" the record of the agent's lookup in the cleaning boot. All are wall-clock times of
 * this machine. Prints the per-run figures and the medians, and writes them to
 * {@code target/pxe-boot-bench.txt}.
 */
@Tag("bench")
class PxeBootBenchmark {
    @TempDir
    Path temp;

    @Test
    void measuresPowerOnToLookupAndInventoryThroughRealPxe() throws Exception {
        VmLab.assumeToolsPresent("PxeBootBenchmark");
        int runs = Integer.getInteger("ferrum.bench.runs", 5);
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord record) {
                String message = record.getMessage();
                if (message != null && (message.contains("agent looked up") || message.contains("inspection data received"))) {
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
        try (VmLab lab = VmLab.start(temp, Map.of())) {
            Path kernel = temp.resolve("boot/vmlinuz");
            Path initramfs = temp.resolve("boot/initramfs");
            report.append("ramdisk: kernel %.1f MB, initramfs %.1f MB, total %.1f MB%n".formatted(Files.size(kernel) / 1e6,
                    Files.size(initramfs) / 1e6, (Files.size(kernel) + Files.size(initramfs)) / 1e6));
            lab.provision("manage", "manageable", Duration.ofMinutes(1));
            List<Double> toLookup = new ArrayList<>();
            List<Double> toInventory = new ArrayList<>();
            for (int run = 1; run <= runs; run++) {
                // Inspection: the ramdisk's first request is the inventory itself (no lookup).
                records.clear();
                lab.provision("inspect", "manageable", Duration.ofMinutes(5));
                toInventory.add(seconds(lastQemuStart(lab.vm()), first(records, "inspection data received")));
                assertThat(VmLab.eventually(Duration.ofSeconds(30), () -> !lab.vm().running())).isTrue();
                // Cleaning: the agent looks up its node first, then heartbeats.
                records.clear();
                lab.provision("provide", "available", Duration.ofMinutes(5));
                toLookup.add(seconds(lastQemuStart(lab.vm()), first(records, "agent looked up")));
                assertThat(VmLab.eventually(Duration.ofSeconds(30), () -> !lab.vm().running())).isTrue();
                lab.provision("manage", "manageable", Duration.ofMinutes(1));
                report.append("run %d: QEMU start -> inventory received (inspection boot) %.1f s, -> first lookup (cleaning boot) %.1f s%n"
                        .formatted(run, toInventory.getLast(), toLookup.getLast()));
            }
            report.append("median of %d: QEMU start -> inventory received %.1f s, -> first lookup %.1f s%n"
                    .formatted(runs, median(toInventory), median(toLookup)));
        } finally {
            root.removeHandler(recorder);
        }
        System.out.print(report);
        Files.writeString(Path.of("target", "pxe-boot-bench.txt"), report);
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
