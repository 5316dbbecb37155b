package dev.ferrum.protocol.command;

import dev.ferrum.protocol.json.WireValues;
import java.time.Instant;

/**
 * {@code GET /v1/status} of the agent: when it started, as Unix epoch seconds with a fraction
 * (IPA's float, kept as a double so it round-trips digit for digit), and its version string.
 */
public record AgentStatus(double startedAt, String version) {

    private static final double NANOS_PER_SECOND = 1_000_000_000d;

    public AgentStatus {
        WireValues.requireText(version, "agent status version");
    }

    /** The status of an agent that started at {@code startedAt}. */
    public static AgentStatus of(Instant startedAt, String version) {
        return new AgentStatus(startedAt.getEpochSecond() + startedAt.getNano() / NANOS_PER_SECOND, version);
    }

    /** {@link #startedAt} as an instant (to the microsecond a double can carry). */
    public Instant startedAtInstant() {
        long seconds = (long) Math.floor(startedAt);
        long nanos = Math.round((startedAt - seconds) * NANOS_PER_SECOND);
        return Instant.ofEpochSecond(seconds, nanos);
    }
}
