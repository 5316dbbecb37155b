package dev.ferrum.conductor.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ferrum.conductor.api.ApiErrors;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Where a provision or power request is worked: here on the node's owner, handed over when another live conductor
 * owns it, refused with NoValidHost when the node's ring is empty, except on a conductor of that very ring.
 */
class RequestRoutingTest {
    private static final Instant T0 = Instant.parse("2026-11-27T13:00:00Z");
    private static final Clock CLOCK = Clock.fixed(T0, ZoneOffset.UTC);
    private static final String DRIVER = "fake-hardware";

    private final List<ConductorRecord> members = new CopyOnWriteArrayList<>();
    private final ConductorRing ring = new ConductorRing(() -> List.copyOf(members), CLOCK, Duration.ofSeconds(60),
            HashRing.DEFAULT_PARTITION_EXPONENT);
    private final Node inRack1 = Node.builder(UUID.randomUUID(), DRIVER, T0).conductorGroup("rack1").build();
    private final Map<UUID, Node> nodes = Map.of(inRack1.uuid(), inRack1);

    private static ConductorRecord member(String name, String group, Instant seen) {
        return new ConductorRecord(name, List.of(DRIVER), group, true, T0.minusSeconds(3600), seen);
    }

    private RequestRouting on(String conductor, String group) {
        return new RequestRouting(conductor, group, List.of(DRIVER), ring, uuid -> Optional.ofNullable(nodes.get(uuid)));
    }

    @Test
    void theOwnerWorksTheRequestAndAnyOtherConductorHandsItOver() {
        members.add(member("a", "rack1", T0));

        assertThat(on("a", "rack1").runsHere(inRack1.uuid())).isTrue();
        assertThat(on("b", "").runsHere(inRack1.uuid())).as("b hands it to a").isFalse();
    }

    @Test
    void withNoLiveConductorForTheNodesRingTheRequestIsRefusedAsIronicRefusesIt() {
        members.add(member("b", "", T0));
        members.add(member("a", "rack1", T0.minusSeconds(120)));

        Throwable refused = catchThrowable(() -> on("b", "").runsHere(inRack1.uuid()));

        assertThat(refused).isInstanceOf(NotFoundException.class).hasMessageStartingWith("No valid host was found.")
                .hasMessageContaining("conductor group \"rack1\"").hasMessageContaining(DRIVER)
                .hasMessageContaining(inRack1.uuid().toString());
        assertThat(ApiErrors.statusOf(refused)).isEqualTo(404);
    }

    @Test
    void aConductorOfTheNodesRingWorksItEvenWhileItsOwnHeartbeatLooksStale() {
        members.add(member("a", "RACK1", T0.minusSeconds(120)));

        assertThat(on("a", "RACK1").runsHere(inRack1.uuid())).as("its own group, any case, and its driver").isTrue();
        assertThat(catchThrowable(() -> new RequestRouting("a", "rack1", List.of("ipmi"), ring,
                uuid -> Optional.of(inRack1)).runsHere(inRack1.uuid())))
                .as("a conductor of the group not serving the node's driver is not of its ring")
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void aNodeThatDoesNotExistIsLeftToTheRequestsOwnNotFound() {
        assertThat(on("a", "").runsHere(UUID.randomUUID())).isTrue();
    }
}
