package dev.ferrum.conductor.driver.ipmi;

import java.time.Duration;
import java.util.Objects;

/**
 * How the conductor calls ipmitool: the program, the default cipher suite (3; without one,
 * ipmitool spends seconds probing), per-call timeout, attempts and first backoff for transient
 * BMC errors, the minimum gap between two calls to one BMC (small BMCs fall over otherwise), the
 * cap on concurrent BMC calls across all nodes, and how long to wait for a power change to show.
 */
public record IpmiConfig(
        String program,
        int defaultCipherSuite,
        Duration commandTimeout,
        int attempts,
        Duration initialBackoff,
        Duration minInterval,
        int maxConcurrent,
        Duration powerStateTimeout,
        Duration powerStatePoll) {

    public IpmiConfig {
        Objects.requireNonNull(program, "program");
        if (defaultCipherSuite < 0 || defaultCipherSuite > 17) {
            throw new IllegalArgumentException("IPMI cipher suite must be 0..17, not " + defaultCipherSuite);
        }
        if (attempts < 1 || maxConcurrent < 1) {
            throw new IllegalArgumentException("attempts and maxConcurrent must be at least 1");
        }
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(minInterval, "minInterval");
        Objects.requireNonNull(powerStateTimeout, "powerStateTimeout");
        Objects.requireNonNull(powerStatePoll, "powerStatePoll");
    }

    /** ipmitool from PATH, cipher suite 3, 30 s calls, 3 attempts from 1 s backoff, 100 ms gap, 16 at once. */
    public static IpmiConfig defaults() {
        return new IpmiConfig("ipmitool", 3, Duration.ofSeconds(30), 3, Duration.ofSeconds(1), Duration.ofMillis(100),
                16, Duration.ofSeconds(60), Duration.ofSeconds(1));
    }
}
