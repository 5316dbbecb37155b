package dev.ferrum.conductor.driver.redfish;

import java.time.Duration;
import java.util.Objects;

/**
 * How the conductor talks Redfish: per-request timeout, which {@code ResetType} a reboot of a
 * running node uses ({@code ForceRestart} or {@code GracefulRestart}), and how long to wait for a
 * power change to show in {@code PowerState}.
 */
public record RedfishConfig(Duration timeout, String rebootResetType, Duration powerStateTimeout, Duration powerStatePoll) {
    public RedfishConfig {
        Objects.requireNonNull(timeout, "timeout");
        if (!rebootResetType.equals("ForceRestart") && !rebootResetType.equals("GracefulRestart")) {
            throw new IllegalArgumentException("reboot ResetType must be ForceRestart or GracefulRestart, not "
                    + rebootResetType);
        }
        Objects.requireNonNull(powerStateTimeout, "powerStateTimeout");
        Objects.requireNonNull(powerStatePoll, "powerStatePoll");
    }

    /** 30 s requests, ForceRestart, 60 s for power changes polled every second. */
    public static RedfishConfig defaults() {
        return new RedfishConfig(Duration.ofSeconds(30), "ForceRestart", Duration.ofSeconds(60), Duration.ofSeconds(1));
    }
}
