package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.cluster.OwnerCall;
import dev.ferrum.conductor.cluster.OwnerReply;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Calls to a node's owner: seen by every conductor until one claims it, claimed once and only before its deadline,
 * answered once, withdrawn by a caller that gave up before anyone claimed it, pruned by age, gone with the node.
 */
interface OwnerCallContract extends StoreFixture {

    private OwnerCall call(Node node, OwnerAction action, long askedAtSecond) {
        return new OwnerCall(UUID.randomUUID(), node.uuid(), action, "{\"device\":\"pxe\",\"persistent\":true}",
                CONDUCTOR_A, Optional.of("alice"), T0.plusSeconds(askedAtSecond), T0.plusSeconds(askedAtSecond + 60));
    }

    @Test
    default void aCallIsClaimedOnceAndItsReplyReachesTheCaller() {
        Node node = createNode("called");
        Store owner = openAnotherStore();
        OwnerCall first = call(node, OwnerAction.SET_BOOT_DEVICE, 0);
        OwnerCall second = call(node, OwnerAction.GET_BOOT_DEVICE, 1);

        store().ownerCalls().put(first);
        store().ownerCalls().put(second);
        assertThat(owner.ownerCalls().unclaimed(T0)).as("oldest first, as written").containsExactly(first, second);
        assertThat(owner.ownerCalls().claim(first, CONDUCTOR_B, T0)).isTrue();
        assertThat(store().ownerCalls().claim(first, CONDUCTOR_A, T0)).as("already taken").isFalse();
        assertThat(owner.ownerCalls().unclaimed(T0)).containsExactly(second);
        assertThat(store().ownerCalls().replyTo(first.id())).as("not answered yet").isEmpty();

        assertThat(owner.ownerCalls().reply(first.id(), new OwnerReply.Done("null"))).isTrue();
        assertThat(owner.ownerCalls().claim(second, CONDUCTOR_B, T0)).isTrue();
        assertThat(owner.ownerCalls().reply(second.id(), new OwnerReply.Failed(409, "Node is locked"))).isTrue();
        assertThat(store().ownerCalls().replyTo(first.id())).contains(new OwnerReply.Done("null"));
        assertThat(store().ownerCalls().replyTo(second.id())).contains(new OwnerReply.Failed(409, "Node is locked"));

        store().ownerCalls().delete(first.id());
        assertThat(store().ownerCalls().replyTo(first.id())).isEmpty();
        assertThat(owner.ownerCalls().reply(first.id(), new OwnerReply.Done("null")))
                .as("the caller is gone: nobody to answer").isFalse();
    }

    @Test
    default void aCallPastItsDeadlineIsNeitherListedNorClaimed() {
        Node node = createNode("late");
        OwnerCall call = call(node, OwnerAction.INJECT_NMI, 0);
        store().ownerCalls().put(call);

        assertThat(store().ownerCalls().unclaimed(call.deadline())).isEmpty();
        assertThat(openAnotherStore().ownerCalls().claim(call, CONDUCTOR_B, call.deadline()))
                .as("its caller has answered its client already").isFalse();
        assertThat(store().ownerCalls().unclaimed(T0)).as("still there until withdrawn or pruned").containsExactly(call);
    }

    @Test
    default void aCallerWithdrawsACallOnlyWhileNobodyClaimedIt() {
        Node node = createNode("withdrawn");
        OwnerCall unclaimed = call(node, OwnerAction.SET_INDICATOR_STATE, 0);
        OwnerCall claimed = call(node, OwnerAction.SET_BOOT_DEVICE, 1);
        store().ownerCalls().put(unclaimed);
        store().ownerCalls().put(claimed);
        Store owner = openAnotherStore();
        assertThat(owner.ownerCalls().claim(claimed, CONDUCTOR_B, T0)).isTrue();

        assertThat(store().ownerCalls().withdrawUnclaimed(unclaimed.id())).isTrue();
        assertThat(owner.ownerCalls().claim(unclaimed, CONDUCTOR_B, T0)).as("withdrawn: never runs").isFalse();
        assertThat(store().ownerCalls().withdrawUnclaimed(claimed.id())).as("the owner runs it already").isFalse();
        assertThat(owner.ownerCalls().reply(claimed.id(), new OwnerReply.Done("null"))).isTrue();
    }

    @Test
    default void oldCallsArePrunedAndCallsGoWithTheirNode() {
        Node node = createNode("pruned");
        OwnerCall old = call(node, OwnerAction.GET_SUPPORTED_INDICATORS, 0);
        OwnerCall recent = call(node, OwnerAction.GET_INDICATOR_STATE, 600);
        store().ownerCalls().put(old);
        store().ownerCalls().put(recent);

        assertThat(store().ownerCalls().pruneBefore(T0.plusSeconds(300))).isEqualTo(1);
        assertThat(store().ownerCalls().unclaimed(T0)).containsExactly(recent);

        store().nodes().delete(lock(node.uuid()));
        assertThat(store().ownerCalls().unclaimed(T0)).isEmpty();
        assertThatThrownBy(() -> store().ownerCalls().put(call(node, OwnerAction.SET_CONSOLE_MODE, 0)))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    default void aVendorPassthruCallCarriesItsMethodArgumentsAndOutcomeWhole() {
        Node node = createNode("vendor");
        String request = "{\"method\":\"third_method_sync\",\"http_method\":\"POST\",\"args\":{\"bar\":\"m\u00e9ow\","
                + "\"n\":[1,2]}}";
        OwnerCall call = new OwnerCall(UUID.randomUUID(), node.uuid(), OwnerAction.VENDOR_PASSTHRU, request,
                CONDUCTOR_A, Optional.empty(), T0, T0.plusSeconds(60));
        store().ownerCalls().put(call);
        Store owner = openAnotherStore();

        assertThat(owner.ownerCalls().unclaimed(T0)).containsExactly(call);
        assertThat(owner.ownerCalls().claim(call, CONDUCTOR_B, T0)).isTrue();
        String outcome = "{\"return\":{\"power\":\"on\"},\"async\":false,\"attach\":false}";
        assertThat(owner.ownerCalls().reply(call.id(), new OwnerReply.Done(outcome))).isTrue();
        assertThat(store().ownerCalls().replyTo(call.id())).contains(new OwnerReply.Done(outcome));
    }
}
