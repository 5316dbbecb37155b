package dev.ferrum.conductor.fleet;

import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The fleet benchmark (bench/fleet.sh states the method): cold start of the conductor JVM against a
 * bare JVM start, then simulated agents at IPA's rate for each fleet size, then saturation against a
 * side-by-side {@code GET /} baseline, each phase on a fresh conductor process. Prints a table.
 */
public final class FleetBench {
    private final BenchSettings settings;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<String> rows = new ArrayList<>();

    private FleetBench(BenchSettings settings) {
        this.settings = settings;
    }

    public static void main(String[] args) throws Exception {
        // Seeding opens the store in this JVM; its INFO lines (pool, migrations) would bury the progress output.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        new FleetBench(BenchSettings.parse(args)).run();
    }

    private void run() throws Exception {
        Path work = settings.workDir().toAbsolutePath();
        deleteTree(work);
        Files.createDirectories(work);
        TreeSet<Integer> sizes = new TreeSet<>(settings.fleetSizes());
        sizes.add(settings.saturationAgents());
        for (int size : sizes) {
            long start = System.nanoTime();
            seed(template(size), size);
            progress("seeded %,d nodes through the store in %.1f s", size, (System.nanoTime() - start) / 1e9);
        }
        if (settings.coldStartRuns() > 0) {
            coldStart(sizes.last());
        }
        for (int size : settings.fleetSizes()) {
            ipaRate(size);
        }
        saturation(settings.saturationAgents());
        System.out.println();
        rows.forEach(System.out::println);
    }

    private void coldStart(int largest) throws Exception {
        List<Double> bare = new ArrayList<>();
        List<Double> empty = new ArrayList<>();
        List<Double> full = new ArrayList<>();
        Path fullDir = copyOf(template(largest), "cold-full");
        for (int run = 0; run < settings.coldStartRuns(); run++) {
            bare.add(bareJvmMillis());
            Path emptyDir = settings.workDir().toAbsolutePath().resolve("cold-empty-" + run);
            try (ConductorProcess conductor = ConductorProcess.launch(launch(emptyDir, "cold-empty"))) {
                empty.add(conductor.awaitApi(http, Duration.ofMinutes(2)).toNanos() / 1e6);
            }
            try (ConductorProcess conductor = ConductorProcess.launch(launch(fullDir, "cold-full"))) {
                full.add(conductor.awaitApi(http, Duration.ofMinutes(2)).toNanos() / 1e6);
            }
            progress("cold start run %d: bare JVM %.0f ms, empty store %.0f ms, %,d nodes %.0f ms", run + 1,
                    bare.getLast(), empty.getLast(), largest, full.getLast());
        }
        double base = median(bare);
        rows.add(String.format(Locale.ROOT, "cold start (median of %d runs, ms)", settings.coldStartRuns()));
        rows.add(String.format(Locale.ROOT, "  %-52s %10.0f", "baseline: bare JVM start (java -version)", base));
        rows.add(String.format(Locale.ROOT, "  %-52s %10.0f  (%.1fx baseline)", "conductor, new empty store, to first GET /",
                median(empty), median(empty) / base));
        rows.add(String.format(Locale.ROOT, "  %-52s %10.0f  (%.1fx baseline)",
                String.format(Locale.ROOT, "conductor, %,d nodes in store, to first GET /", largest), median(full),
                median(full) / base));
        rows.add("");
    }

    private void ipaRate(int size) throws Exception {
        Path dir = copyOf(template(size), "rate-" + size);
        try (ConductorProcess conductor = ConductorProcess.launch(launch(dir, "rate-" + size))) {
            conductor.awaitApi(http, Duration.ofMinutes(2));
            FleetLoad load = new FleetLoad(http, conductor.base(), settings.maxInFlight());
            long lookupStart = System.nanoTime();
            List<FleetAgent> agents = load.lookUp(FleetSeed.machines(size));
            double lookupSeconds = (System.nanoTime() - lookupStart) / 1e9;
            progress("%,d agents looked up in %.1f s; heartbeating at IPA's rate (timeout %d s), warm-up %d s, window %d s",
                    size, lookupSeconds, settings.heartbeatTimeout().toSeconds(), settings.warmUp().toSeconds(),
                    settings.window().toSeconds());
            Measured measured = measure(conductor, load, agents, new Pacing.IpaRate(settings.heartbeatTimeout()),
                    settings.warmUp(), settings.window());
            if (rows.stream().noneMatch(r -> r.startsWith("IPA rate"))) {
                rows.add(String.format(Locale.ROOT, "IPA rate: heartbeat every %d s x U(0.3, 0.6), window %d s after %d s warm-up",
                        settings.heartbeatTimeout().toSeconds(), settings.window().toSeconds(), settings.warmUp().toSeconds()));
                rows.add(Measured.HEADER);
            }
            rows.add(measured.row(String.format(Locale.ROOT, "%,d agents (expect %.1f/s)", size,
                    size / (settings.heartbeatTimeout().toSeconds() * 0.45))));
            rows.add(String.format(Locale.ROOT, "  %,d lookups (first one issues the token) took %.1f s: %.0f lookups/s",
                    size, lookupSeconds, size / lookupSeconds));
        }
    }

    private void saturation(int size) throws Exception {
        Path dir = copyOf(template(size), "saturation");
        try (ConductorProcess conductor = ConductorProcess.launch(launch(dir, "saturation"))) {
            conductor.awaitApi(http, Duration.ofMinutes(2));
            FleetLoad load = new FleetLoad(http, conductor.base(), settings.maxInFlight());
            List<FleetAgent> agents = load.lookUp(FleetSeed.machines(size));
            progress("saturation: %,d agents, %d workers, warm-up %d s, window %d s", size,
                    settings.saturationWorkers(), settings.saturationWarmUp().toSeconds(),
                    settings.saturationWindow().toSeconds());
            Measured beats = measure(conductor, load, agents, new Pacing.Saturation(settings.saturationWorkers()),
                    settings.saturationWarmUp(), settings.saturationWindow());
            progress("saturation baseline: GET / with the same workers on the same conductor");
            Measured root = baseline(conductor, load);
            rows.add("");
            rows.add(String.format(Locale.ROOT, "saturation: %d workers send the next heartbeat on each reply, cycling over"
                    + " %,d agents; window %d s after %d s warm-up", settings.saturationWorkers(), size,
                    settings.saturationWindow().toSeconds(), settings.saturationWarmUp().toSeconds()));
            rows.add(Measured.HEADER);
            rows.add(beats.row("heartbeats"));
            rows.add(root.row("baseline: GET / (no store)"));
            rows.add(String.format(Locale.ROOT, "  heartbeats/s = %.2f x the GET / baseline", beats.tally.perSecond()
                    / root.tally.perSecond()));
        }
    }

    private Measured measure(ConductorProcess conductor, FleetLoad load, List<FleetAgent> agents, Pacing pacing,
                             Duration warmUp, Duration window) throws Exception {
        try (FleetLoad.Running running = load.start(agents, pacing, Long.MAX_VALUE)) {
            Thread.sleep(warmUp);
            running.newWindow();
            Usage before = Usage.now(conductor);
            Thread.sleep(window);
            HeartbeatTally tally = running.newWindow();
            Usage after = Usage.now(conductor);
            running.stop();
            RecordedHeartbeats.Drain drain = new RecordedHeartbeats(http, conductor.base())
                    .awaitRecorded(running.lastAccepted(), Duration.ofSeconds(30));
            Measured measured = new Measured(tally.summary(window), before, after, Optional.of(drain));
            progress("%s", measured.row("result"));
            return measured;
        }
    }

    /** The same workers in a closed loop on {@code GET /}: the HTTP stack without the store, side by side. */
    private Measured baseline(ConductorProcess conductor, FleetLoad load) throws Exception {
        HttpRequest root = HttpRequest.newBuilder(conductor.base().resolve("/")).GET().build();
        var tally = new java.util.concurrent.atomic.AtomicReference<>(new HeartbeatTally());
        var stop = new java.util.concurrent.atomic.AtomicBoolean();
        try (var workers = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < settings.saturationWorkers(); w++) {
                workers.submit(() -> {
                    while (!stop.get()) {
                        HeartbeatTally window = tally.get();
                        long start = System.nanoTime();
                        HttpResponse<Void> answer = http.send(root, HttpResponse.BodyHandlers.discarding());
                        if (answer.statusCode() == 200) {
                            window.accepted(System.nanoTime() - start);
                        } else {
                            window.failed("HTTP " + answer.statusCode());
                        }
                    }
                    return null;
                });
            }
            Thread.sleep(settings.saturationWarmUp());
            tally.set(new HeartbeatTally());
            Usage before = Usage.now(conductor);
            Thread.sleep(settings.saturationWindow());
            HeartbeatTally window = tally.getAndSet(new HeartbeatTally());
            Usage after = Usage.now(conductor);
            stop.set(true);
            Measured measured = new Measured(window.summary(settings.saturationWindow()), before, after, Optional.empty());
            progress("%s", measured.row("baseline"));
            return measured;
        }
    }

    private double bareJvmMillis() throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process bare = new ProcessBuilder(java().toString(), "-version").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!bare.waitFor(1, TimeUnit.MINUTES)) {
            bare.destroyForcibly();
            throw new IllegalStateException("java -version did not finish in a minute");
        }
        return (System.nanoTime() - start) / 1e6;
    }

    private ConductorLaunch launch(Path dataDir, String name) {
        return new ConductorLaunch(java(), settings.conductorJar().toAbsolutePath().toString(),
                settings.conductorJvmOptions(), dataDir,
                settings.workDir().toAbsolutePath().resolve("logs").resolve(name + ".log"));
    }

    private static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private Path template(int size) {
        return settings.workDir().toAbsolutePath().resolve("template-" + size);
    }

    static void seed(Path dir, int size) {
        Instant now = Instant.now();
        try (Store store = Store.open(new StoreConfig.Sqlite(dir, Duration.ofSeconds(10), 2), Clock.systemUTC())) {
            FleetSeed.seed(store, size, now, now.plus(Duration.ofDays(1)));
        }
    }

    private Path copyOf(Path template, String name) throws IOException {
        Path target = settings.workDir().toAbsolutePath().resolve(name);
        deleteTree(target);
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(template)) {
            for (Path file : files.toList()) {
                if (Files.isRegularFile(file)) {
                    Files.copy(file, target.resolve(file.getFileName()));
                }
            }
        }
        return target;
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static void progress(String format, Object... args) {
        System.err.printf(Locale.ROOT, "fleet: " + format + "%n", args);
    }

    /** The conductor's and this generator's CPU time and RSS at one moment. */
    private record Usage(long nanos, ProcessUsage conductor, ProcessUsage generator) {
        static Usage now(ConductorProcess conductor) {
            return new Usage(System.nanoTime(), conductor.usage(), ProcessUsage.read(Path.of("/proc"),
                    ProcessHandle.current().pid()));
        }
    }

    /** One measured window and what it cost. */
    private record Measured(HeartbeatTally.Summary tally, Usage before, Usage after, Optional<RecordedHeartbeats.Drain> drain) {
        static final String HEADER = String.format(Locale.ROOT, "  %-28s %9s %8s %8s %8s %7s %7s %9s %8s %s",
                "run", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "c.cpu", "c.rss", "gen.cpu", "recorded after stop");

        String row(String label) {
            Duration wall = Duration.ofNanos(after.nanos - before.nanos);
            return String.format(Locale.ROOT, "  %-28s %9.1f %8.2f %8.2f %8.2f %7d %6.0f%% %5d MiB %7.0f%% %s", label,
                    tally.perSecond(), tally.p50Millis(), tally.p99Millis(), tally.maxMillis(), tally.failed(),
                    after.conductor.cpuPercentSince(before.conductor, wall), after.conductor.residentBytes() >> 20,
                    after.generator.cpuPercentSince(before.generator, wall),
                    drain.map(d -> d.missing() == 0 ? String.format(Locale.ROOT, "all, %.1f s", d.took().toNanos() / 1e9)
                            : d.missing() + " nodes missing").orElse("-"))
                    + (tally.failures().isEmpty() ? "" : " " + tally.failures());
        }
    }
}
