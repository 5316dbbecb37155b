package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Handed-off work: one per node and lane, claimed exactly once, replaced by a newer request of its lane,
 * gone with the node.
 */
interface HandoffContract extends StoreFixture {

    @Test
    default void aHandoffIsClaimedOnceAcrossConductors() {
        Node node = createNode("handed");
        Store other = openAnotherStore();
        Handoff first = new Handoff(node.uuid(), Handoff.Work.ADVANCE, false, CONDUCTOR_A, T0);
        Handoff newer = new Handoff(node.uuid(), Handoff.Work.ABORT, true, CONDUCTOR_A, T0.plusSeconds(1));

        store().handoffs().put(first);
        assertThat(other.handoffs().list()).containsExactly(first);
        store().handoffs().put(newer);
        assertThat(other.handoffs().list()).containsExactly(newer);
        assertThat(other.handoffs().claim(first)).as("replaced before it was taken").isFalse();
        assertThat(other.handoffs().claim(newer)).isTrue();
        assertThat(store().handoffs().claim(newer)).as("already taken").isFalse();
        assertThat(store().handoffs().list()).isEmpty();
    }

    @Test
    default void aClaimedHandoffPutBackWaitsAgainUnlessANewerOneTookItsPlace() {
        Node node = createNode("put-back");
        Handoff claimed = Handoff.power(node.uuid(), PowerState.POWER_ON, CONDUCTOR_A, T0, Optional.of("alice"));
        store().handoffs().put(claimed);
        assertThat(store().handoffs().claim(claimed)).isTrue();

        assertThat(store().handoffs().putBack(claimed)).isTrue();
        assertThat(openAnotherStore().handoffs().list()).containsExactly(claimed);

        assertThat(store().handoffs().claim(claimed)).isTrue();
        Handoff newer = Handoff.power(node.uuid(), PowerState.POWER_OFF, CONDUCTOR_A, T0.plusSeconds(1),
                Optional.empty());
        store().handoffs().put(newer);
        assertThat(store().handoffs().putBack(claimed)).as("the newer request stays").isFalse();
        assertThat(store().handoffs().list()).containsExactly(newer);
    }

    @Test
    default void aHandoffCarriesTheUserWhoAsked() {
        Node node = createNode("asked");
        Handoff asked = new Handoff(node.uuid(), Handoff.Work.ADVANCE, false, CONDUCTOR_A, T0, Optional.of("alice"));

        store().handoffs().put(asked);

        assertThat(openAnotherStore().handoffs().list()).singleElement()
                .satisfies(h -> assertThat(h.user()).contains("alice"));
        store().handoffs().put(new Handoff(node.uuid(), Handoff.Work.ABORT, false, CONDUCTOR_A, T0.plusSeconds(1)));
        assertThat(store().handoffs().list()).singleElement().satisfies(h -> assertThat(h.user()).isEmpty());
    }

    @Test
    default void aHandoffNeedsItsNodeAndGoesWithIt() {
        assertThatThrownBy(() -> store().handoffs().put(new Handoff(UUID.randomUUID(), Handoff.Work.ADVANCE, false,
                CONDUCTOR_A, T0))).isInstanceOf(NotFoundException.class);
        Node node = createNode("deleted");
        store().handoffs().put(new Handoff(node.uuid(), Handoff.Work.UNHOLD, false, CONDUCTOR_A, T0));
        store().nodes().delete(lock(node.uuid()));
        assertThat(store().handoffs().list()).isEmpty();
    }

    @Test
    default void aPowerRequestWaitsBesideAProvisionContinuationNotInsteadOfIt() {
        Node node = createNode("powered");
        Store other = openAnotherStore();
        Handoff deploy = new Handoff(node.uuid(), Handoff.Work.ADVANCE, false, CONDUCTOR_A, T0);
        Handoff reboot = Handoff.power(node.uuid(), PowerState.REBOOTING, CONDUCTOR_A, T0.plusSeconds(1),
                Optional.empty());
        Handoff off = Handoff.power(node.uuid(), PowerState.SOFT_POWER_OFF, CONDUCTOR_A, T0.plusSeconds(2),
                Optional.of("bob"));

        store().handoffs().put(deploy);
        store().handoffs().put(reboot);
        assertThat(other.handoffs().list()).as("the deploy's continuation is still there").containsExactly(deploy,
                reboot);
        store().handoffs().put(off);
        assertThat(other.handoffs().list()).as("the newest power request replaces the older one, with its target")
                .containsExactly(deploy, off);
        assertThat(other.handoffs().claim(reboot)).as("replaced before it was taken").isFalse();
        assertThat(other.handoffs().claim(off)).isTrue();
        assertThat(store().handoffs().list()).containsExactly(deploy);
        assertThat(store().handoffs().claim(deploy)).isTrue();
        assertThat(store().handoffs().list()).isEmpty();
    }
}
