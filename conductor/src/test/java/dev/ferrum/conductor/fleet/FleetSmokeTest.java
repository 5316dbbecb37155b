package dev.ferrum.conductor.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the fleet benchmark's harness honest in seconds: a real conductor in its own JVM, 50 agents
 * that look up and heartbeat a few times at both pacings, and every heartbeat accepted, counted and
 * recorded on its node. No timing is asserted.
 */
class FleetSmokeTest {
    private static final int AGENTS = 50;

    @TempDir
    Path temp;

    @Test
    void fiftyAgentsLookUpAndEveryHeartbeatIsAcceptedCountedAndRecorded() throws Exception {
        Path data = temp.resolve("data");
        Instant now = Instant.now();
        List<FleetMachine> machines;
        try (Store store = Store.open(new StoreConfig.Sqlite(data, Duration.ofSeconds(10), 2), Clock.systemUTC())) {
            machines = FleetSeed.seed(store, AGENTS, now, now.plus(Duration.ofHours(2)));
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try (ConductorProcess conductor = ConductorProcess.launch(ConductorLaunch.sameJvm(data, temp.resolve("conductor.log")))) {
            conductor.awaitApi(http, Duration.ofMinutes(2));
            FleetLoad load = new FleetLoad(http, conductor.base(), 16);
            RecordedHeartbeats records = new RecordedHeartbeats(http, conductor.base());

            List<FleetAgent> agents = load.lookUp(machines);

            assertThat(agents).extracting(FleetAgent::node)
                    .containsExactlyElementsOf(machines.stream().map(FleetMachine::node).toList());
            assertThat(agents.stream().map(FleetAgent::token).collect(Collectors.toSet())).hasSize(AGENTS);
            assertThat(records.read()).as("nothing recorded before the first heartbeat").isEmpty();

            // IPA's pacing with a 1 s heartbeat timeout: three heartbeats each, 0.3-0.6 s apart.
            HeartbeatTally.Summary paced;
            Map<UUID, Instant> pacedSent;
            try (FleetLoad.Running running = load.start(agents, new Pacing.IpaRate(Duration.ofSeconds(1)), 3)) {
                assertThat(running.awaitFinished(Duration.ofMinutes(1))).isTrue();
                paced = running.newWindow().summary(Duration.ofSeconds(1));
                pacedSent = running.lastAccepted();
            }
            assertThat(paced.failures()).isEmpty();
            assertThat(paced.accepted()).isEqualTo(3L * AGENTS);
            assertThat(pacedSent).hasSize(AGENTS);
            assertThat(records.awaitRecorded(pacedSent, Duration.ofSeconds(30)).missing()).isZero();

            // Saturation: four workers cycling over the agents, two heartbeats per agent.
            HeartbeatTally.Summary saturated;
            Map<UUID, Instant> saturatedSent;
            try (FleetLoad.Running running = load.start(agents, new Pacing.Saturation(4), 2)) {
                assertThat(running.awaitFinished(Duration.ofMinutes(1))).isTrue();
                saturated = running.newWindow().summary(Duration.ofSeconds(1));
                saturatedSent = running.lastAccepted();
            }
            assertThat(saturated.failures()).isEmpty();
            assertThat(saturated.accepted()).isEqualTo(2L * AGENTS);
            assertThat(saturatedSent).allSatisfy((node, at) -> assertThat(at).isAfter(pacedSent.get(node)));
            assertThat(records.awaitRecorded(saturatedSent, Duration.ofSeconds(30)).missing()).isZero();
        }
    }

    @Test
    void aHeartbeatSentAfterTheRecordedOneCountsAsMissing() {
        UUID node = UUID.randomUUID();
        Instant recorded = Instant.parse("2026-11-23T10:00:00.000001Z");

        assertThat(RecordedHeartbeats.missing(Map.of(node, recorded), Map.of(node, recorded))).isZero();
        assertThat(RecordedHeartbeats.missing(Map.of(node, recorded.plusMillis(1)), Map.of(node, recorded))).isOne();
        assertThat(RecordedHeartbeats.missing(Map.of(node, recorded), Map.of())).isOne();
    }
}
