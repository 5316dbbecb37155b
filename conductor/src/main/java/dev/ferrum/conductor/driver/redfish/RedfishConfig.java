package dev.ferrum.conductor.driver.redfish;

import java.time.Duration;
import java.util.Objects;

/**
 * How the conductor talks Redfish: per-request timeout, which {@code ResetType} a reboot of a
 * running node uses ({@code ForceRestart} or {@code GracefulRestart}), and how long to wait for a
 * power change to show in {@code PowerState}; {@code attempts} and {@code initialBackoff} retry a request the BMC
 * could not take (connection refused or timed out, HTTP 429 or 5xx), waiting twice as long each time, as ipmitool
 * calls are retried.
 */
public record RedfishConfig(Duration timeout, String rebootResetType, Duration powerStateTimeout, Duration powerStatePoll,
                            int attempts, Duration initialBackoff) {
    public RedfishConfig {
        if (attempts < 1) {
            throw new IllegalArgumentException("Redfish requests need at least 1 attempt, got " + attempts);
        }
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(timeout, "timeout");
        if (!rebootResetType.equals("ForceRestart") && !rebootResetType.equals("GracefulRestart")) {
            throw new IllegalArgumentException("reboot ResetType must be ForceRestart or GracefulRestart, not "
                    + rebootResetType);
        }
        Objects.requireNonNull(powerStateTimeout, "powerStateTimeout");
        Objects.requireNonNull(powerStatePoll, "powerStatePoll");
    }

    /** With the default retries: 3 attempts, 1 s then 2 s apart. */
    public RedfishConfig(Duration timeout, String rebootResetType, Duration powerStateTimeout, Duration powerStatePoll) {
        this(timeout, rebootResetType, powerStateTimeout, powerStatePoll, 3, Duration.ofSeconds(1));
    }

    /** 30 s requests, ForceRestart, 60 s for power changes polled every second, 3 attempts per request. */
    public static RedfishConfig defaults() {
        return new RedfishConfig(Duration.ofSeconds(30), "ForceRestart", Duration.ofSeconds(60), Duration.ofSeconds(1));
    }
}
