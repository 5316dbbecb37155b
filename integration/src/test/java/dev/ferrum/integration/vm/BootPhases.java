package dev.ferrum.integration.vm;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.logging.LogRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where one network boot's seconds went, from QEMU's start to the agent's first lookup, each phase
 * from the end of the one before. The sources, all on the host's clock: the BMC hook's QEMU start;
 * the serial console as {@link ConsoleClock} saw it arrive (iPXE's own lines; /init's one line of
 * phase uptimes, which also places the kernel's start: its arrival less the last uptime; the
 * agent's first log line); the conductor's log records of each boot file sent (bytes, duration)
 * and of the lookup. A phase whose marks are missing (a ramdisk without /init's line) is empty.
 *
 * @param seconds the phases in boot order, each empty when not measured
 */
record BootPhases(Map<String, Optional<Double>> seconds) {
    static final List<String> NAMES = List.of("firmware: SeaBIOS, iPXE ROM", "iPXE DHCP", "iPXE scripts", "kernel fetch",
            "initramfs fetch", "kernel decompression, early boot", "kernel to /init (initramfs unpack)",
            "/init: device drivers (coldplug)", "/init: modules (the rest; all of them without coldplug)",
            "/init: DHCP lease", "/init: plugins, exec", "JVM start to agent code", "agent to lookup", "total");

    private static final Pattern SENT = Pattern.compile("boot file (\\S+) sent: (\\d+) bytes in (\\d+) ms");
    private static final Pattern MARK = Pattern.compile("(\\w+)=(\\d+(?:\\.\\d+)?)");
    private static final String INIT_TIMES = "ferrum-init: boot times";

    static BootPhases of(Instant qemuStart, List<ConsoleClock.Line> console, List<LogRecord> conductorRecords) {
        List<Instant[]> files = new ArrayList<>(); // {start, end} of each boot file sent, in order
        Instant lookup = null;
        for (LogRecord record : conductorRecords) {
            Matcher sent = SENT.matcher(record.getMessage());
            if (record.getInstant().isBefore(qemuStart)) {
                continue;
            }
            if (sent.find()) {
                files.add(new Instant[] {record.getInstant().minusMillis(Long.parseLong(sent.group(3))), record.getInstant()});
            } else if (lookup == null && record.getMessage().contains("agent looked up")) {
                lookup = record.getInstant();
            }
        }
        Optional<Instant> dhcp = first(console, qemuStart, l -> l.contains("Configuring (net0")).map(ConsoleClock.Line::seen);
        Optional<Instant> script = first(console, qemuStart, l -> l.contains("default.ipxe...")).map(ConsoleClock.Line::seen);
        Optional<ConsoleClock.Line> initLine = first(console, qemuStart, l -> l.contains(INIT_TIMES));
        Map<String, Double> uptimes = new HashMap<>();
        initLine.ifPresent(line -> {
            Matcher mark = MARK.matcher(line.text().substring(line.text().indexOf("):") + 2));
            while (mark.find()) {
                uptimes.put(mark.group(1), Double.parseDouble(mark.group(2)));
            }
        });
        Optional<Instant> kernelStart = initLine.filter(l -> uptimes.containsKey("agent"))
                .map(l -> l.seen().minusNanos((long) (uptimes.get("agent") * 1e9)));
        Optional<Instant> agentCode = first(console, qemuStart, l -> l.contains("INFO: agent started")).map(ConsoleClock.Line::seen);

        List<Optional<Instant>> marks = new ArrayList<>();
        marks.add(dhcp);
        marks.add(script);
        marks.add(files.isEmpty() ? Optional.empty() : Optional.of(files.get(0)[0]));
        marks.add(files.isEmpty() ? Optional.empty() : Optional.of(files.get(0)[1]));
        marks.add(files.size() < 2 ? Optional.empty() : Optional.of(files.get(1)[1]));
        marks.add(kernelStart);
        for (String name : List.of("init", "drivers", "modules", "lease", "agent")) {
            marks.add(kernelStart.filter(k -> uptimes.containsKey(name)).map(k -> k.plusNanos((long) (uptimes.get(name) * 1e9))));
        }
        marks.add(agentCode);
        marks.add(Optional.ofNullable(lookup));

        Map<String, Optional<Double>> seconds = new LinkedHashMap<>();
        Instant previous = qemuStart;
        for (int i = 0; i < marks.size(); i++) {
            Instant from = previous;
            Optional<Instant> to = marks.get(i);
            seconds.put(NAMES.get(i), to.map(t -> Duration.between(from, t).toMillis() / 1000.0));
            // A missing mark leaves the next phase to span both, named by the later one.
            if (to.isPresent()) {
                previous = to.get();
            }
        }
        seconds.put("total", Optional.ofNullable(lookup).map(l -> Duration.between(qemuStart, l).toMillis() / 1000.0));
        return new BootPhases(seconds);
    }

    /** The first line seen at or after {@code since} that {@code matches}. */
    private static Optional<ConsoleClock.Line> first(List<ConsoleClock.Line> console, Instant since, Predicate<String> matches) {
        return console.stream().filter(l -> !l.seen().isBefore(since) && matches.test(l.text())).findFirst();
    }
}
