package dev.ferrum.conductor.fleet;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Heartbeat saturation with wrk as the load generator (bench/heartbeat-ab.sh GENERATOR=wrk states the method):
 * FleetBench's fleet and conductor, its agents' lookups and heartbeat bodies, but the heartbeats sent by wrk running
 * bench/lib/heartbeat.lua, a C generator costing a fraction of the Java one's CPU, so the conductor gets the machine.
 * After the measured run, each node's recorded agent version is checked against the last heartbeat sent to it
 * ({@link WrkRecordCheck}); then wrk on {@code GET /} gives the HTTP stack's baseline on the same conductor.
 * Arguments: FleetBench's saturation ones plus {@code --wrk=<binary>}, {@code --wrk-threads=N},
 * {@code --wrk-script=<heartbeat.lua>}. Prints a table; asserts nothing.
 */
public final class WrkBench {
    private static final String HEADER = String.format(Locale.ROOT, "  %-28s %9s %8s %8s %8s %7s %7s %9s %8s %s",
            "run", "req/s", "p50 ms", "p99 ms", "max ms", "errors", "c.cpu", "c.rss", "gen.cpu", "recorded after stop");

    private final BenchSettings settings;
    private final Path wrk;
    private final int wrkThreads;
    private final Path script;
    private final Path work;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private WrkBench(BenchSettings settings, Path wrk, int wrkThreads, Path script) {
        this.settings = settings;
        this.wrk = wrk;
        this.wrkThreads = wrkThreads;
        this.script = script.toAbsolutePath();
        this.work = settings.workDir().toAbsolutePath();
        if (settings.saturationWorkers() % wrkThreads != 0) {
            throw new IllegalArgumentException("wrk spreads connections evenly: workers must be a multiple of threads");
        }
    }

    public static void main(String[] args) throws Exception {
        // Seeding opens the store in this JVM; its INFO lines (pool, migrations) would bury the progress output.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        List<String> fleetArgs = new ArrayList<>();
        Path wrk = Path.of("/usr/bin/wrk");
        int threads = 1;
        Path script = Path.of("bench/lib/heartbeat.lua");
        for (String arg : args) {
            if (arg.startsWith("--wrk=")) {
                wrk = Path.of(arg.substring("--wrk=".length()));
            } else if (arg.startsWith("--wrk-threads=")) {
                threads = Integer.parseInt(arg.substring("--wrk-threads=".length()));
            } else if (arg.startsWith("--wrk-script=")) {
                script = Path.of(arg.substring("--wrk-script=".length()));
            } else {
                fleetArgs.add(arg);
            }
        }
        new WrkBench(BenchSettings.parse(fleetArgs.toArray(String[]::new)), wrk, threads, script).run();
    }

    private void run() throws Exception {
        FleetBench.deleteTree(work);
        Path store = work.resolve("store");
        Files.createDirectories(store);
        int size = settings.saturationAgents();
        long seeding = System.nanoTime();
        FleetBench.seed(store, size);
        progress("seeded %,d nodes through the store in %.1f s", size, (System.nanoTime() - seeding) / 1e9);
        ConductorLaunch launch = new ConductorLaunch(Path.of(System.getProperty("java.home"), "bin", "java"),
                settings.conductorJar().toAbsolutePath().toString(), settings.conductorJvmOptions(), store,
                work.resolve("logs").resolve("conductor.log"));
        List<String> rows = new ArrayList<>();
        try (ConductorProcess conductor = ConductorProcess.launch(launch)) {
            conductor.awaitApi(http, Duration.ofMinutes(2));
            List<FleetAgent> agents = new FleetLoad(http, conductor.base(), settings.maxInFlight())
                    .lookUp(FleetSeed.machines(size));
            Path agentsFile = work.resolve("agents.txt");
            Files.write(agentsFile, agents.stream().map(a -> a.node() + " " + a.token()).toList());
            progress("saturation with wrk: %,d agents, %d connections on %d wrk thread(s), warm-up %d s, window %d s",
                    size, settings.saturationWorkers(), wrkThreads, settings.saturationWarmUp().toSeconds(),
                    settings.saturationWindow().toSeconds());
            wrk(conductor, "heartbeat", agentsFile, "warm", settings.saturationWarmUp());
            Run beats = wrk(conductor, "heartbeat", agentsFile, "run", settings.saturationWindow());
            WrkRecordCheck check = WrkRecordCheck.of(agents, wrkThreads, "run", beats.result,
                    new RecordedHeartbeats(http, conductor.base()).agentVersions());
            progress("saturation baseline: GET / with the same connections on the same conductor");
            wrk(conductor, "root", agentsFile, "root-warm", settings.saturationWarmUp());
            Run root = wrk(conductor, "root", agentsFile, "root", settings.saturationWindow());
            rows.add(String.format(Locale.ROOT, "saturation (wrk, %d thread(s)): %d connections send the next heartbeat"
                    + " on each reply, cycling over %,d agents; window %d s after %d s warm-up", wrkThreads,
                    settings.saturationWorkers(), size, settings.saturationWindow().toSeconds(),
                    settings.saturationWarmUp().toSeconds()));
            rows.add(HEADER);
            rows.add(beats.row("heartbeats", check.describe(beats.result)));
            rows.add(root.row("baseline: GET / (no store)", "-"));
            rows.add(String.format(Locale.ROOT, "  heartbeats/s = %.2f x the GET / baseline; conductor CPU %.3f ms per"
                    + " heartbeat", beats.result.perSecond() / root.result.perSecond(),
                    beats.conductorCpuPercent() * 10 / beats.result.perSecond()));
        }
        System.out.println();
        rows.forEach(System.out::println);
    }

    /** One wrk run against the conductor, with the conductor's CPU and memory over it. */
    private Run wrk(ConductorProcess conductor, String mode, Path agentsFile, String tag, Duration length)
            throws IOException, InterruptedException {
        Path log = work.resolve("logs").resolve("wrk-" + tag + ".log");
        List<String> command = List.of(wrk.toString(), "-t", Integer.toString(wrkThreads),
                "-c", Integer.toString(settings.saturationWorkers()), "-d", length.toSeconds() + "s", "--latency",
                "--timeout", "10s", "-s", script.toString(), conductor.base().toString(), "--", mode,
                agentsFile.toString(), tag, Integer.toString(wrkThreads));
        ProcessUsage before = conductor.usage();
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        try {
            if (!process.waitFor(length.toSeconds() + 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("wrk did not finish a minute after its duration; see " + log);
            }
        } finally {
            process.destroyForcibly();
        }
        Duration wall = Duration.ofNanos(System.nanoTime() - start);
        ProcessUsage after = conductor.usage();
        if (process.exitValue() != 0) {
            throw new IllegalStateException("wrk exited with " + process.exitValue() + "; see " + log);
        }
        Run run = new Run(WrkResult.parse(Files.readString(log)), after.cpuPercentSince(before, wall),
                after.residentBytes());
        progress("%s", run.row(tag, "-"));
        return run;
    }

    private static void progress(String format, Object... args) {
        System.err.printf(Locale.ROOT, "wrk-bench: " + format + "%n", args);
    }

    private record Run(WrkResult result, double conductorCpuPercent, long conductorResidentBytes) {
        String row(String label, String recorded) {
            return String.format(Locale.ROOT, "  %-28s %9.1f %8.2f %8.2f %8.2f %7d %6.0f%% %5d MiB %7.0f%% %s", label,
                    result.perSecond(), result.p50Micros() / 1e3, result.p99Micros() / 1e3, result.maxMicros() / 1e3,
                    result.errors(), conductorCpuPercent, conductorResidentBytes >> 20, result.cpuPercent(), recorded);
        }
    }
}
