package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.periodic.HistoryRetention;
import dev.ferrum.conductor.periodic.PowerSyncConfig;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The command line of {@link TimelineSettings}: Ironic's option names, spelled as flags. */
final class TimelineOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--node-history-max-entries", paramLabel = "N", defaultValue = "300",
            description = "Entries kept per node's history; older ones beyond it are pruned (default: ${DEFAULT-VALUE}).")
    int maxEntries;

    @Option(names = "--node-history-minimum-days", paramLabel = "DAYS", defaultValue = "0",
            description = "History entries younger than this are never pruned (default: ${DEFAULT-VALUE}).")
    int minimumDays;

    @Option(names = "--node-history-cleanup-interval", paramLabel = "SECONDS", defaultValue = "86400",
            description = "How often node history is pruned (default: ${DEFAULT-VALUE}).")
    int cleanupSeconds;

    @Option(names = "--sync-power-state-interval", paramLabel = "SECONDS", defaultValue = "60",
            description = "How often every node's power state is read from its BMC (default: ${DEFAULT-VALUE}).")
    int powerSyncSeconds;

    @Option(names = "--power-state-sync-max-retries", paramLabel = "N", defaultValue = "3",
            description = "Failed BMC reads (or forcings) in a row before a node gets the 'power failure' fault and"
                    + " maintenance (default: ${DEFAULT-VALUE}).")
    int maxRetries;

    @Option(names = "--force-power-state-during-sync", paramLabel = "true|false", defaultValue = "true",
            arity = "1", description = "Put a machine found in another power state back into the recorded one"
                    + " instead of recording what the BMC says (default: ${DEFAULT-VALUE}, as Ironic).")
    boolean force;

    @Option(names = "--sync-power-state-workers", paramLabel = "N", defaultValue = "8",
            description = "BMC reads in flight at once during power sync (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(names = "--sync-power-state-per-bmc", paramLabel = "N", defaultValue = "1",
            description = "BMC reads in flight at once to one BMC address (default: ${DEFAULT-VALUE}).")
    int perBmc;

    @Option(names = "--agent-progress-interval", paramLabel = "SECONDS", defaultValue = "5",
            description = "How often a running step's agent is asked for its progress between heartbeats"
                    + " (default: ${DEFAULT-VALUE}).")
    int progressSeconds;

    @Option(names = "--api-max-limit", paramLabel = "N", defaultValue = "1000",
            description = "The largest page a list answers with, a node's history included; a larger or missing"
                    + " limit gets this many and a next link (Ironic's [api]max_limit; default: ${DEFAULT-VALUE}).")
    int maxLimit;

    TimelineSettings settings() {
        try {
            return new TimelineSettings(new HistoryRetention(maxEntries, Duration.ofDays(minimumDays),
                    Duration.ofSeconds(cleanupSeconds), HistoryRetention.defaults().batch()),
                    PowerSyncConfig.defaults().withMaxFailures(maxRetries).withForce(force)
                            .withConcurrency(workers, perBmc), Duration.ofSeconds(powerSyncSeconds),
                    Duration.ofSeconds(progressSeconds), maxLimit);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
