package dev.ferrum.conductor.fleet;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one wrk run of bench/lib/heartbeat.lua reported: its {@code wrk-result} line (printed by the script's
 * {@code done()}), parsed apart from running wrk so fixture text tests it. Times are wrk's microseconds; its CPU
 * is in clock ticks of 1/100 s (USER_HZ); {@code sent} is how many requests each wrk thread built, by thread id.
 */
record WrkResult(long durationMicros, long responses, long errors, long statusErrors, long p50Micros, long p90Micros,
                 long p99Micros, long maxMicros, long cpuTicks, Map<Integer, Long> sent) {

    WrkResult {
        sent = Map.copyOf(sent);
    }

    static WrkResult parse(String output) {
        String line = output.lines().filter(l -> l.startsWith("wrk-result ")).reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalArgumentException("no wrk-result line in wrk's output:\n" + output));
        Map<String, String> fields = Arrays.stream(line.substring("wrk-result ".length()).trim().split(" "))
                .map(f -> f.split("=", 2))
                .collect(Collectors.toMap(kv -> kv[0], kv -> kv.length > 1 ? kv[1] : "", (a, b) -> b, LinkedHashMap::new));
        var read = new Object() {
            long number(String name) {
                String value = fields.get(name);
                if (value == null) {
                    throw new IllegalArgumentException("wrk-result has no " + name + ": " + line);
                }
                return Long.parseLong(value);
            }
        };
        Map<Integer, Long> sent = new LinkedHashMap<>();
        for (String thread : fields.getOrDefault("sent", "").split(",")) {
            if (!thread.isEmpty()) {
                String[] idAndCount = thread.split(":", 2);
                sent.put(Integer.valueOf(idAndCount[0]), Long.valueOf(idAndCount[1]));
            }
        }
        long socketErrors = read.number("connect") + read.number("read") + read.number("write") + read.number("timeout");
        return new WrkResult(read.number("duration_us"), read.number("responses"), socketErrors + read.number("status"),
                read.number("status"), read.number("p50_us"), read.number("p90_us"), read.number("p99_us"),
                read.number("max_us"), read.number("cpu_ticks"), sent);
    }

    /** Responses other than errors: for the heartbeat route, its 202s (it answers nothing else on success). */
    long accepted() {
        return responses - statusErrors;
    }

    double perSecond() {
        return accepted() / (durationMicros / 1e6);
    }

    /** Requests built but never answered: those in flight when the run stopped (or lost to a socket error). */
    long unanswered() {
        return sent.values().stream().mapToLong(Long::longValue).sum() - responses;
    }

    /** wrk's own CPU over the run, as a percentage of one core. */
    double cpuPercent() {
        return 100.0 * (cpuTicks / 100.0) / (durationMicros / 1e6);
    }
}
