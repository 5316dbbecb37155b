package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.node.Node;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * How power sync runs: {@code maxFailures} is Ironic's {@code power_state_sync_max_retries}; {@code force} is its
 * {@code force_power_state_during_sync} (put the machine back into the recorded power state instead of recording
 * what the BMC says); {@code workers} bounds the BMC reads in flight at once (Ironic's
 * {@code sync_power_state_workers}), {@code perBmc} those to one BMC address. {@code worksOn} says which nodes this
 * conductor syncs: every node for a lone conductor, its share of the hash ring when there are several; it is asked
 * before the node is read in full, so it sees the node's uuid, driver and conductor group only.
 */
public record PowerSyncConfig(int maxFailures, boolean force, int workers, int perBmc, Predicate<Node> worksOn) {
    /** Ironic's defaults: 3 retries, force on, 8 workers; one read at a time per BMC as ipmitool does. */
    public static PowerSyncConfig defaults() {
        return new PowerSyncConfig(PowerSync.DEFAULT_MAX_FAILURES, true, 8, 1, node -> true);
    }

    public PowerSyncConfig {
        if (maxFailures < 1 || workers < 1 || perBmc < 1) {
            throw new IllegalArgumentException("power sync needs max failures, workers and per-BMC reads of at least"
                    + " 1, got " + maxFailures + ", " + workers + ", " + perBmc);
        }
        Objects.requireNonNull(worksOn, "worksOn");
    }

    public PowerSyncConfig withForce(boolean force) {
        return new PowerSyncConfig(maxFailures, force, workers, perBmc, worksOn);
    }

    public PowerSyncConfig withMaxFailures(int maxFailures) {
        return new PowerSyncConfig(maxFailures, force, workers, perBmc, worksOn);
    }

    public PowerSyncConfig withConcurrency(int workers, int perBmc) {
        return new PowerSyncConfig(maxFailures, force, workers, perBmc, worksOn);
    }

    /** The seam for the hash ring: only nodes {@code owned} accepts are synced here. */
    public PowerSyncConfig withWorksOn(Predicate<Node> owned) {
        return new PowerSyncConfig(maxFailures, force, workers, perBmc, owned);
    }
}
