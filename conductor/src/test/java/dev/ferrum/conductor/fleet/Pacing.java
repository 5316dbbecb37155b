package dev.ferrum.conductor.fleet;

import java.time.Duration;

/** How the simulated agents space their heartbeats. */
sealed interface Pacing {

    /**
     * IPA's rate: after each heartbeat an agent waits {@code heartbeatTimeout × U(0.3, 0.6)}; the first
     * heartbeat comes after {@code U(0, 0.45 × heartbeatTimeout)} so the fleet starts already spread out
     * as a long-running one is, instead of 10,000 agents heartbeating in the same second.
     */
    record IpaRate(Duration heartbeatTimeout) implements Pacing {
    }

    /** As fast as the conductor answers: {@code workers} loops each send the next agent's heartbeat on reply. */
    record Saturation(int workers) implements Pacing {
    }
}
