package dev.ferrum.conductor.fleet;

import dev.ferrum.conductor.cluster.HashRing;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The scale-out benchmark (bench/fleet.sh with CONDUCTORS=N states the method): for each fleet size, one
 * conductor on SQLite and then N conductors on one PostgreSQL take the same simulated agents heartbeating at
 * IPA's rate; each agent calls the conductor owning its node on the hash ring (the one that booted it). Then one
 * of the N is SIGKILLed and the time until the survivors have taken over all of its waiting nodes is measured.
 */
public final class ClusterBench {
    /** Connections seeding PostgreSQL at once: overlapping commits, not CPU, are what seeding waits on. */
    private static final int SEED_WRITERS = 8;
    private final Map<String, String> given;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<String> rows = new ArrayList<>();
    /** The takeover line of the cluster run, printed under its heartbeat row. */
    private String takeoverRow = "";
    /** How long each run's lookups took (the first lookup of a node issues its token: a store write). */
    private final List<String> lookupRows = new ArrayList<>();

    private ClusterBench(Map<String, String> given) {
        this.given = given;
    }

    public static void main(String[] args) throws Exception {
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        Map<String, String> given = new HashMap<>();
        for (String arg : args) {
            given.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        new ClusterBench(given).run();
    }

    private String text(String name, String fallback) {
        return given.getOrDefault(name, fallback);
    }

    private int number(String name, int fallback) {
        return Integer.parseInt(text(name, Integer.toString(fallback)));
    }

    private void run() throws Exception {
        String url = Optional.ofNullable(given.get("database-url")).orElseThrow(() ->
                new IllegalArgumentException("--database-url=jdbc:postgresql://... is required"));
        int conductors = number("conductors", 3);
        Path work = Path.of(text("work-dir", "target/cluster-bench")).toAbsolutePath();
        Files.createDirectories(work);
        Duration timeout = Duration.ofSeconds(number("heartbeat-timeout", 300));
        Duration warmUp = Duration.ofSeconds(number("warm-up", 20));
        Duration window = Duration.ofSeconds(number("window", 60));
        int deadAfter = number("conductor-heartbeat-timeout", 10);
        rows.add(String.format(Locale.ROOT, "IPA rate: heartbeat every %d s x U(0.3, 0.6), window %d s after %d s"
                + " warm-up; takeover: conductor heartbeat 2 s, dead after %d s", timeout.toSeconds(),
                window.toSeconds(), warmUp.toSeconds(), deadAfter));
        rows.add(String.format(Locale.ROOT, "  %-40s %10s %9s %9s %9s %8s", "", "beats/s", "p50 ms", "p99 ms",
                "max ms", "errors"));
        for (String sizeText : text("sizes", "10000").split(",")) {
            int size = Integer.parseInt(sizeText.trim());
            // SINGLE=0 leaves the single conductor out (a cluster-only rerun); then there is no ratio.
            boolean withSingle = !text("single", "1").equals("0");
            Optional<HeartbeatTally.Summary> single = withSingle
                    ? Optional.of(single(work, size, timeout, warmUp, window)) : Optional.empty();
            single.ifPresent(s -> rows.add(row(String.format(Locale.ROOT, "%,d agents, 1 conductor, SQLite", size),
                    s)));
            HeartbeatTally.Summary cluster = cluster(work, url, conductors, size, timeout, warmUp, window, deadAfter);
            rows.add(row(String.format(Locale.ROOT, "%,d agents, %d conductors, PostgreSQL", size, conductors),
                    cluster));
            rows.add(takeoverRow);
            single.ifPresent(s -> rows.add(String.format(Locale.ROOT, "  %-40s %9.2fx",
                    "  heartbeats/s ratio (cluster / single)", cluster.perSecond() / s.perSecond())));
            rows.addAll(lookupRows);
            lookupRows.clear();
        }
        System.out.println();
        rows.forEach(System.out::println);
    }

    private HeartbeatTally.Summary single(Path work, int size, Duration timeout, Duration warmUp, Duration window)
            throws Exception {
        Path dir = work.resolve("single-" + size);
        deleteTree(dir);
        long start = System.nanoTime();
        try (Store store = Store.open(new StoreConfig.Sqlite(dir, Duration.ofSeconds(10), 2), Clock.systemUTC())) {
            FleetSeed.seed(store, size, Instant.now(), Instant.now().plus(Duration.ofDays(1)));
        }
        progress("seeded %,d nodes in SQLite in %.1f s", size, (System.nanoTime() - start) / 1e9);
        try (ConductorProcess conductor = ConductorProcess.launch(launch(work, dir, "single-" + size, List.of()))) {
            conductor.awaitApi(http, Duration.ofMinutes(2));
            FleetLoad load = new FleetLoad(http, conductor.base(), number("max-in-flight", 64));
            long lookups = System.nanoTime();
            List<FleetAgent> agents = load.lookUp(FleetSeed.machines(size));
            lookupRows.add(lookupRow(size, "1 conductor, SQLite", System.nanoTime() - lookups));
            progress("%s", lookupRows.getLast());
            try (FleetLoad.Running running = load.start(agents, new Pacing.IpaRate(timeout), Long.MAX_VALUE)) {
                Thread.sleep(warmUp);
                running.newWindow();
                Thread.sleep(window);
                HeartbeatTally.Summary summary = running.newWindow().summary(window);
                progress("single: %s", row("", summary));
                return summary;
            }
        }
    }

    private HeartbeatTally.Summary cluster(Path work, String url, int count, int size, Duration timeout,
            Duration warmUp, Duration window, int deadAfter) throws Exception {
        String schema = "ferrum_bench_" + UUID.randomUUID().toString().replace("-", "");
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            names.add("c" + i);
        }
        HashRing ring = HashRing.of(names, HashRing.DEFAULT_PARTITION_EXPONENT);
        execute(url, "CREATE SCHEMA " + schema);
        List<ConductorProcess> started = new ArrayList<>();
        try {
            long start = System.nanoTime();
            try (Store store = Store.open(new StoreConfig.Postgres(url, Optional.of(schema), SEED_WRITERS,
                    Duration.ofSeconds(10)), Clock.systemUTC())) {
                FleetSeed.seed(store, size, Instant.now(), Instant.now().plus(Duration.ofDays(1)), SEED_WRITERS);
            }
            // Each node booted by its ring owner: the ramdisk calls that conductor, and takeover knows whose it was.
            Map<String, List<FleetMachine>> byOwner = new LinkedHashMap<>();
            names.forEach(name -> byOwner.put(name, new ArrayList<>()));
            try (Connection db = connect(url, schema);
                 PreparedStatement affinity = db.prepareStatement(
                         "UPDATE nodes SET conductor_affinity = ? WHERE uuid = ?")) {
                for (FleetMachine machine : FleetSeed.machines(size)) {
                    String owner = ring.owner(machine.node().toString()).orElseThrow();
                    byOwner.get(owner).add(machine);
                    affinity.setString(1, owner);
                    affinity.setString(2, machine.node().toString());
                    affinity.addBatch();
                }
                affinity.executeBatch();
            }
            progress("seeded %,d nodes in PostgreSQL in %.1f s; per conductor %s", size,
                    (System.nanoTime() - start) / 1e9, byOwner.entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue().size()).toList());
            String database = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
            Map<String, ConductorProcess> processes = new LinkedHashMap<>();
            for (String name : names) {
                ConductorProcess conductor = ConductorProcess.launch(launch(work, work.resolve(schema + "-" + name),
                        name + "-" + size, List.of("--name", name, "--database-url", database,
                                "--heartbeat-interval", "2", "--conductor-heartbeat-timeout",
                                Integer.toString(deadAfter))));
                started.add(conductor);
                processes.put(name, conductor);
            }
            Map<String, FleetLoad> fleets = new LinkedHashMap<>();
            for (String name : names) {
                ConductorProcess conductor = processes.get(name);
                conductor.awaitApi(http, Duration.ofMinutes(3));
                fleets.put(name, new FleetLoad(http, conductor.base(), number("max-in-flight", 64)));
            }
            // All conductors' agents look up at once, as a fleet booting together would; each conductor's then
            // heartbeat from when its own lookups are done.
            long lookups = System.nanoTime();
            Map<String, FleetLoad.Running> loads = new java.util.concurrent.ConcurrentHashMap<>();
            try (var lookingUp = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                List<java.util.concurrent.Future<?>> done = new ArrayList<>();
                for (String name : names) {
                    FleetLoad load = fleets.get(name);
                    done.add(lookingUp.submit(() -> {
                        loads.put(name, load.start(load.lookUp(byOwner.get(name)), new Pacing.IpaRate(timeout),
                                Long.MAX_VALUE));
                        return null;
                    }));
                }
                for (var each : done) {
                    each.get();
                }
            }
            lookupRows.add(lookupRow(size, count + " conductors at once, PostgreSQL", System.nanoTime() - lookups)
                    + String.format(Locale.ROOT, "; %,d answered 503 and retried",
                    fleets.values().stream().mapToLong(FleetLoad::lookupsUnavailable).sum()));
            progress("%s", lookupRows.getLast());
            Thread.sleep(warmUp);
            loads.values().forEach(FleetLoad.Running::newWindow);
            Thread.sleep(window);
            HeartbeatTally all = new HeartbeatTally();
            loads.values().forEach(running -> all.add(running.newWindow()));
            HeartbeatTally.Summary summary = all.summary(window);
            progress("cluster: %s", row("", summary));

            // Takeover: the first conductor dies with its share of the fleet waiting in inspect wait.
            String victim = names.get(0);
            loads.get(victim).stop();
            int victims = byOwner.get(victim).size();
            Instant killed = Instant.now();
            processes.get(victim).kill();
            Duration detected = Duration.ZERO;
            Duration limit = Duration.ofMinutes(number("takeover-limit", 15));
            long left;
            while (true) {
                left = waitingOf(url, schema, victim);
                if (detected.isZero() && left < victims) {
                    detected = Duration.between(killed, Instant.now());
                }
                // Past the limit the rate so far is reported instead: a partial takeover is still a measurement.
                if (left == 0 || Duration.between(killed, Instant.now()).compareTo(limit) >= 0) {
                    break;
                }
                Thread.sleep(200);
            }
            Duration took = Duration.between(killed, Instant.now());
            loads.values().forEach(FleetLoad.Running::stop);
            long takenOver = victims - left;
            takeoverRow = (String.format(Locale.ROOT, "  takeover of %,d waiting nodes after SIGKILL of %s: first after"
                    + " %.1f s, %s after %.1f s (%.0f nodes/s once started)", victims, victim,
                    detected.toMillis() / 1e3, left == 0 ? "all" : String.format(Locale.ROOT,
                            "only %,d (limit reached)", takenOver), took.toMillis() / 1e3,
                    takenOver / Math.max(0.001, (took.toMillis() - detected.toMillis()) / 1e3)));
            progress("%s", takeoverRow);
            return summary;
        } finally {
            started.forEach(ConductorProcess::close);
            execute(url, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private static long waitingOf(String url, String schema, String conductor) throws Exception {
        try (Connection db = connect(url, schema); PreparedStatement count = db.prepareStatement(
                "SELECT count(*) FROM nodes WHERE conductor_affinity = ? AND provision_state = 'inspect wait'")) {
            count.setString(1, conductor);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static Connection connect(String url, String schema) throws Exception {
        Connection db = DriverManager.getConnection(url);
        db.setSchema(schema);
        return db;
    }

    private static void execute(String url, String sql) throws Exception {
        try (Connection db = DriverManager.getConnection(url); Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }

    private ConductorLaunch launch(Path work, Path dataDir, String logName, List<String> options) {
        return new ConductorLaunch(Path.of(System.getProperty("java.home"), "bin", "java"),
                Path.of(text("conductor-jar", "conductor/target/ferrum-conductor.jar")).toAbsolutePath().toString(),
                Arrays.stream(text("conductor-jvm-options", "--enable-native-access=ALL-UNNAMED").split(" "))
                        .filter(s -> !s.isBlank()).toList(), dataDir, work.resolve("logs").resolve(logName + ".log"),
                options);
    }

    private static String lookupRow(int size, String where, long nanos) {
        return String.format(Locale.ROOT, "  lookups: %,d on %s in %.1f s (%.0f/s)", size, where, nanos / 1e9,
                size / (nanos / 1e9));
    }

    private static String row(String label, HeartbeatTally.Summary s) {
        return String.format(Locale.ROOT, "  %-40s %10.1f %9.1f %9.1f %9.1f %8d", label, s.perSecond(), s.p50Millis(),
                s.p99Millis(), s.maxMillis(), s.failed());
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void progress(String format, Object... args) {
        System.err.printf(Locale.ROOT, format + "%n", args);
    }
}
