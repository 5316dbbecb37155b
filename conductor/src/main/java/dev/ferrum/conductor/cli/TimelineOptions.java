package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.CommandOptions.intValue;
import static dev.ferrum.conductor.cli.CommandOptions.isSet;
import static dev.ferrum.conductor.cli.CommandOptions.valued;

import dev.ferrum.conductor.periodic.HistoryRetention;
import dev.ferrum.conductor.periodic.PowerSyncConfig;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The command line of {@link TimelineSettings}: Ironic's option names, spelled as flags. */
final class TimelineOptions {
    private final CommandSpec spec;

    /** Declares these options on the conductor's command. */
    TimelineOptions(CommandSpec spec) {
        this.spec = spec;
        spec.addOption(valued("--node-history-max-entries", "N", int.class, "Entries kept per node's history; older"
                + " ones beyond it are pruned (default: ${DEFAULT-VALUE}).").defaultValue("300").build());
        spec.addOption(valued("--node-history-minimum-days", "DAYS", int.class, "History entries younger than this are"
                + " never pruned (default: ${DEFAULT-VALUE}).").defaultValue("0").build());
        spec.addOption(valued("--node-history-cleanup-interval", "SECONDS", int.class, "How often node history is"
                + " pruned (default: ${DEFAULT-VALUE}).").defaultValue("86400").build());
        spec.addOption(valued("--sync-power-state-interval", "SECONDS", int.class, "How often every node's power state"
                + " is read from its BMC (default: ${DEFAULT-VALUE}).").defaultValue("60").build());
        spec.addOption(valued("--power-state-sync-max-retries", "N", int.class, "Failed BMC reads (or forcings) in a"
                + " row before a node gets the 'power failure' fault and maintenance (default: ${DEFAULT-VALUE}).")
                .defaultValue("3").build());
        spec.addOption(valued("--force-power-state-during-sync", "true|false", boolean.class, "Put a machine found in"
                + " another power state back into the recorded one instead of recording what the BMC says (default:"
                + " ${DEFAULT-VALUE}, as Ironic).").arity("1").defaultValue("true").build());
        spec.addOption(valued("--sync-power-state-workers", "N", int.class, "BMC reads in flight at once during power"
                + " sync (default: ${DEFAULT-VALUE}).").defaultValue("8").build());
        spec.addOption(valued("--sync-power-state-per-bmc", "N", int.class, "BMC reads in flight at once to one BMC"
                + " address (default: ${DEFAULT-VALUE}).").defaultValue("1").build());
        spec.addOption(valued("--agent-progress-interval", "SECONDS", int.class, "How often a running step's agent is"
                + " asked for its progress between heartbeats (default: ${DEFAULT-VALUE}).").defaultValue("5").build());
        spec.addOption(valued("--api-max-limit", "N", int.class, "The largest page a list answers with, a node's"
                + " history included; a larger or missing limit gets this many and a next link (Ironic's"
                + " [api]max_limit; default: ${DEFAULT-VALUE}).").defaultValue("1000").build());
    }

    TimelineSettings settings() {
        try {
            return new TimelineSettings(new HistoryRetention(intValue(spec, "--node-history-max-entries"),
                    Duration.ofDays(intValue(spec, "--node-history-minimum-days")),
                    Duration.ofSeconds(intValue(spec, "--node-history-cleanup-interval")),
                    HistoryRetention.defaults().batch()),
                    PowerSyncConfig.defaults().withMaxFailures(intValue(spec, "--power-state-sync-max-retries"))
                            .withForce(isSet(spec, "--force-power-state-during-sync"))
                            .withConcurrency(intValue(spec, "--sync-power-state-workers"),
                                    intValue(spec, "--sync-power-state-per-bmc")),
                    Duration.ofSeconds(intValue(spec, "--sync-power-state-interval")),
                    Duration.ofSeconds(intValue(spec, "--agent-progress-interval")), intValue(spec, "--api-max-limit"));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
