package dev.ferrum.conductor.fleet;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet benchmark's parameters, read once from {@code --name=value} arguments (bench/fleet.sh passes
 * them on from its environment). Every one has a default that keeps a full run under ~15 minutes.
 */
record BenchSettings(List<Integer> fleetSizes, Duration heartbeatTimeout, Duration warmUp, Duration window,
                     int saturationAgents, int saturationWorkers, Duration saturationWarmUp, Duration saturationWindow,
                     int coldStartRuns, int maxInFlight, Path workDir, Path conductorJar, List<String> conductorJvmOptions) {

    static BenchSettings parse(String... args) {
        Map<String, String> given = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("arguments are --name=value, got " + arg);
            }
            given.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        var read = new Object() {
            String text(String name, String fallback) {
                return given.getOrDefault(name, fallback);
            }

            int number(String name, int fallback) {
                return Integer.parseInt(text(name, Integer.toString(fallback)));
            }

            Duration seconds(String name, int fallback) {
                return Duration.ofSeconds(number(name, fallback));
            }
        };
        BenchSettings settings = new BenchSettings(
                Arrays.stream(read.text("sizes", "1000,10000").split(",")).map(String::trim).filter(n -> !n.isEmpty())
                        .map(Integer::valueOf).toList(),
                read.seconds("heartbeat-timeout", 300), read.seconds("warm-up", 30), read.seconds("window", 120),
                read.number("saturation-agents", 1000), read.number("saturation-workers", 64),
                read.seconds("saturation-warm-up", 10), read.seconds("saturation-window", 30),
                read.number("cold-runs", 5), read.number("max-in-flight", 64),
                Path.of(read.text("work-dir", "target/fleet-bench")),
                Path.of(read.text("conductor-jar", "conductor/target/ferrum-conductor.jar")),
                Arrays.stream(read.text("conductor-jvm-options", "--enable-native-access=ALL-UNNAMED").split(" "))
                        .filter(s -> !s.isBlank()).toList());
        List<String> known = List.of("sizes", "heartbeat-timeout", "warm-up", "window", "saturation-agents",
                "saturation-workers", "saturation-warm-up", "saturation-window", "cold-runs", "max-in-flight", "work-dir",
                "conductor-jar", "conductor-jvm-options");
        given.keySet().stream().filter(k -> !known.contains(k)).findFirst().ifPresent(k -> {
            throw new IllegalArgumentException("unknown argument --" + k + "; known: " + known);
        });
        return settings;
    }

    BenchSettings {
        fleetSizes = List.copyOf(fleetSizes);
        conductorJvmOptions = List.copyOf(conductorJvmOptions);
        if (fleetSizes.stream().anyMatch(n -> n < 1) || saturationAgents < 1 || saturationWorkers < 1 || coldStartRuns < 0
                || maxInFlight < 1) {
            throw new IllegalArgumentException("sizes, agents, workers and max-in-flight must be positive, runs not negative");
        }
    }
}
