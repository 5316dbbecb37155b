package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.image.ImageSourcePolicy;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The flows' tunables: how long each wait state may go without progress (Ironic's
 * {@code deploy_callback_timeout}, {@code clean_callback_timeout}, inspection timeout), whether automated
 * cleaning runs, operator priority overrides for clean steps (keyed {@code "<interface>.<step>"}, 0
 * disables a step), how a task waits for a node another task holds, and which image sources a deploy
 * may use.
 */
public record FlowConfig(Duration deployWaitTimeout, Duration cleanWaitTimeout, Duration inspectWaitTimeout,
                         boolean automatedClean, Map<String, Integer> cleanStepPriorities,
                         Duration lockRetryDelay, int lockAttempts, ImageSourcePolicy imageSources) {

    public FlowConfig {
        Objects.requireNonNull(deployWaitTimeout, "deployWaitTimeout");
        Objects.requireNonNull(cleanWaitTimeout, "cleanWaitTimeout");
        Objects.requireNonNull(inspectWaitTimeout, "inspectWaitTimeout");
        cleanStepPriorities = Map.copyOf(cleanStepPriorities);
        Objects.requireNonNull(lockRetryDelay, "lockRetryDelay");
        if (lockAttempts < 1) {
            throw new IllegalArgumentException("lockAttempts must be at least 1, got " + lockAttempts);
        }
        Objects.requireNonNull(imageSources, "imageSources");
    }

    /** Tunables with Ironic's default image sources (file:// only under /var/lib/ironic). */
    public FlowConfig(Duration deployWaitTimeout, Duration cleanWaitTimeout, Duration inspectWaitTimeout,
                      boolean automatedClean, Map<String, Integer> cleanStepPriorities, Duration lockRetryDelay,
                      int lockAttempts) {
        this(deployWaitTimeout, cleanWaitTimeout, inspectWaitTimeout, automatedClean, cleanStepPriorities,
                lockRetryDelay, lockAttempts, ImageSourcePolicy.defaults());
    }

    /** Ironic's defaults: 30 min for deploy and clean call-backs, 60 min for inspection, cleaning on. */
    public static FlowConfig defaults() {
        return new FlowConfig(Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(60), true,
                Map.of(), Duration.ofMillis(500), 120);
    }

    public FlowConfig withAutomatedClean(boolean on) {
        return new FlowConfig(deployWaitTimeout, cleanWaitTimeout, inspectWaitTimeout, on, cleanStepPriorities,
                lockRetryDelay, lockAttempts, imageSources);
    }

    public FlowConfig withWaitTimeouts(Duration timeout) {
        return new FlowConfig(timeout, timeout, timeout, automatedClean, cleanStepPriorities, lockRetryDelay,
                lockAttempts, imageSources);
    }

    public FlowConfig withInspectWaitTimeout(Duration timeout) {
        return new FlowConfig(deployWaitTimeout, cleanWaitTimeout, timeout, automatedClean, cleanStepPriorities,
                lockRetryDelay, lockAttempts, imageSources);
    }

    public FlowConfig withCleanStepPriorities(Map<String, Integer> priorities) {
        return new FlowConfig(deployWaitTimeout, cleanWaitTimeout, inspectWaitTimeout, automatedClean, priorities,
                lockRetryDelay, lockAttempts, imageSources);
    }

    public FlowConfig withImageSources(ImageSourcePolicy policy) {
        return new FlowConfig(deployWaitTimeout, cleanWaitTimeout, inspectWaitTimeout, automatedClean,
                cleanStepPriorities, lockRetryDelay, lockAttempts, policy);
    }
}
