package dev.ferrum.conductor.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WrkRecordCheckTest {
    // Five agents over two wrk threads: thread 1 owns agents 0, 2, 4; thread 2 owns agents 1, 3.
    private static final List<FleetAgent> AGENTS = IntStream.range(0, 5)
            .mapToObj(i -> new FleetAgent(FleetSeed.machine(i), FleetSeed.machine(i).node(), "token-" + i)).toList();

    /** Thread 1 built 8 requests (0..7: agents 0,2,4,0,2,4,0,2), thread 2 built 5 (0..4: agents 1,3,1,3,1). */
    private static WrkResult result(long responses) {
        return new WrkResult(1_000_000, responses, 0, 0, 1, 1, 1, 1, 1, Map.of(1, 8L, 2, 5L));
    }

    /** Each agent's last request: agent 0 got thread 1's request 6, agent 2 its 7, agent 4 its 5; agents 1, 3: 4, 3. */
    private static Map<java.util.UUID, String> lastOfEach() {
        Map<java.util.UUID, String> versions = new HashMap<>();
        versions.put(AGENTS.get(0).node(), WrkRecordCheck.version("run", 6));
        versions.put(AGENTS.get(2).node(), WrkRecordCheck.version("run", 7));
        versions.put(AGENTS.get(4).node(), WrkRecordCheck.version("run", 5));
        versions.put(AGENTS.get(1).node(), WrkRecordCheck.version("run", 4));
        versions.put(AGENTS.get(3).node(), WrkRecordCheck.version("run", 3));
        return versions;
    }

    @Test
    void everyNodeAtItsLastHeartbeatPasses() {
        WrkRecordCheck check = WrkRecordCheck.of(AGENTS, 2, "run", result(13), lastOfEach());

        assertThat(check.atLast()).isEqualTo(5);
        assertThat(check.allRecorded(result(13))).isTrue();
    }

    @Test
    void aNodeOneBehindPassesOnlyWhileAsManyRequestsWereInFlight() {
        Map<java.util.UUID, String> versions = lastOfEach();
        // Agent 2's last request (thread 1's 7th) unanswered at the stop: its previous one, request 4, is recorded.
        versions.put(AGENTS.get(2).node(), WrkRecordCheck.version("run", 4));

        WrkRecordCheck check = WrkRecordCheck.of(AGENTS, 2, "run", result(12), versions);

        assertThat(check.atPrevious()).isEqualTo(1);
        assertThat(check.allRecorded(result(12))).isTrue();
        // Every request was answered: a node a step behind is a 202 not recorded.
        assertThat(check.allRecorded(result(13))).isFalse();
    }

    @Test
    void anOlderOrForeignHeartbeatFails() {
        Map<java.util.UUID, String> versions = lastOfEach();
        versions.put(AGENTS.get(0).node(), WrkRecordCheck.version("run", 0));
        versions.put(AGENTS.get(3).node(), WrkRecordCheck.version("warm", 3));

        WrkRecordCheck check = WrkRecordCheck.of(AGENTS, 2, "run", result(10), versions);

        assertThat(check.wrong()).isEqualTo(2);
        assertThat(check.allRecorded(result(10))).isFalse();
        assertThat(check.describe(result(10))).contains("NOT ALL", AGENTS.get(0).node().toString());
    }
}
