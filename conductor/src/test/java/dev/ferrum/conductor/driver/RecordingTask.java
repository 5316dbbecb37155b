package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.deploy.DeployTask;
import dev.ferrum.conductor.driver.inspect.InspectTask;
import dev.ferrum.conductor.driver.power.FakePower;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionStateMachine;
import dev.ferrum.conductor.store.NodeMutation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A slot's task without a conductor: moves apply to the node in memory (state changes through the real
 * transition table, each move bumping the version as the store does) and are recorded as
 * {@code "<move> <detail>"}, so a deploy or inspect method is tested on its own.
 */
public final class RecordingTask implements DeployTask, InspectTask {
    public static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ProvisionStateMachine machine = new ProvisionStateMachine();
    private final FakePower power = new FakePower();
    private final List<String> moves = new ArrayList<>();

    /** Every move made, oldest first. */
    public List<String> moves() {
        return List.copyOf(moves);
    }

    @Override
    public FakePower power() {
        return power;
    }

    @Override
    public Node fire(Node node, ProvisionEvent event, NodeMutation mutation) {
        moves.add("fire " + event.name());
        NodeBuilder builder = node.toBuilder();
        mutation.apply(builder);
        return builder.provisionState(machine.require(node.provisionState(), event).to())
                .version(node.version() + 1).build();
    }

    @Override
    public Node update(Node node, NodeMutation mutation) {
        moves.add("update");
        NodeBuilder builder = node.toBuilder();
        mutation.apply(builder);
        return builder.version(node.version() + 1).build();
    }

    @Override
    public Node fail(Node node, String error) {
        moves.add("fail " + error);
        return fire(node, ProvisionEvent.FAIL, b -> b.lastError(error));
    }

    @Override
    public Node bootRamdiskAndWait(Node node, RamdiskPurpose purpose) {
        moves.add("boot ramdisk " + purpose);
        return fire(node, ProvisionEvent.WAIT, NodeMutation.none());
    }

    @Override
    public Instant now() {
        return NOW;
    }

    @Override
    public Instant waitDeadline() {
        return NOW.plusSeconds(1800);
    }

    @Override
    public Node continueAgentDeploy(Node node) {
        moves.add("agent deploy");
        return node;
    }

    @Override
    public Node finishCleaning(Node node) {
        moves.add("finish cleaning");
        return node;
    }

    @Override
    public Node finishServicing(Node node) {
        moves.add("finish servicing");
        return node;
    }
}
