package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/** The bench's phase split from console lines and conductor records made up here: no VM. */
class BootPhasesTest {
    private static final Instant QEMU = Instant.parse("2026-11-27T10:00:00Z");

    @Test
    void splitsTheBootAtEachMarkAndPlacesTheKernelStartByTheInitLine() {
        List<ConsoleClock.Line> console = List.of(
                line(-5.0, "ferrum-init: boot times (s since kernel start): init=1.00 agent=2.00"), // an earlier boot
                line(1.5, "Configuring (net0 52:54:00:12:34:56)...... ok"),
                line(2.0, "http://10.0.0.1:8080/boot/default.ipxe... ok"),
                line(11.0, "ferrum-init: boot times (s since kernel start): init=2.50 drivers=3.00 modules=3.25 lease=3.75 agent=4.00"),
                line(14.0, "INFO: agent started; waiting for a network interface, then looking up the node"));
        List<LogRecord> conductor = List.of(
                record(3.0, "boot file vmlinuz sent: 8247232 bytes in 500 ms"),
                record(6.0, "boot file initramfs sent: 48916204 bytes in 2500 ms"),
                record(17.5, "node=abc agent looked up"));

        BootPhases phases = BootPhases.of(QEMU, console, conductor);

        assertThat(phases.seconds()).containsExactly(
                java.util.Map.entry("firmware: SeaBIOS, iPXE ROM", Optional.of(1.5)),
                java.util.Map.entry("iPXE DHCP", Optional.of(0.5)),
                java.util.Map.entry("iPXE scripts", Optional.of(0.5)),
                java.util.Map.entry("kernel fetch", Optional.of(0.5)),
                java.util.Map.entry("initramfs fetch", Optional.of(3.0)),
                // The init line arrived at 11.0 s with agent=4.00: the kernel started at 7.0 s.
                java.util.Map.entry("kernel decompression, early boot", Optional.of(1.0)),
                java.util.Map.entry("kernel to /init (initramfs unpack)", Optional.of(2.5)),
                java.util.Map.entry("/init: device drivers (coldplug)", Optional.of(0.5)),
                java.util.Map.entry("/init: modules (the rest; all of them without coldplug)", Optional.of(0.25)),
                java.util.Map.entry("/init: DHCP lease", Optional.of(0.5)),
                java.util.Map.entry("/init: plugins, exec", Optional.of(0.25)),
                java.util.Map.entry("JVM start to agent code", Optional.of(3.0)),
                java.util.Map.entry("agent to lookup", Optional.of(3.5)),
                java.util.Map.entry("total", Optional.of(17.5)));
    }

    @Test
    void aMissingMarkLeavesItsPhaseEmptyAndTheNextOneSpansBoth() {
        List<ConsoleClock.Line> console = List.of(
                line(11.0, "ferrum-init: boot times (s since kernel start): init=2.50 modules=3.25 lease=3.75 agent=4.00"));
        List<LogRecord> conductor = List.of(record(17.5, "node=abc agent looked up"));

        BootPhases phases = BootPhases.of(QEMU, console, conductor);

        assertThat(phases.seconds().get("iPXE DHCP")).isEmpty();
        assertThat(phases.seconds().get("kernel decompression, early boot")).contains(7.0);
        assertThat(phases.seconds().get("/init: device drivers (coldplug)")).isEmpty();
        assertThat(phases.seconds().get("/init: modules (the rest; all of them without coldplug)")).contains(0.75);
        assertThat(phases.seconds().get("JVM start to agent code")).isEmpty();
        assertThat(phases.seconds().get("agent to lookup")).contains(6.5);
        assertThat(phases.seconds().get("total")).contains(17.5);
    }

    private static ConsoleClock.Line line(double at, String text) {
        return new ConsoleClock.Line(QEMU.plusMillis((long) (at * 1000)), text);
    }

    private static LogRecord record(double at, String message) {
        LogRecord record = new LogRecord(Level.INFO, message);
        record.setInstant(QEMU.plusMillis((long) (at * 1000)));
        return record;
    }
}
