package dev.ferrum.conductor.driver.power;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * {@code fake} power: remembers each node's power in memory (off until switched on) and records
 * every call, for tests and nodes without a BMC (Ironic's {@code fake}).
 */
public final class FakePower implements PowerInterface {
    private final Map<UUID, PowerState> states = new ConcurrentHashMap<>();
    private final List<String> calls = new CopyOnWriteArrayList<>();
    private volatile Consumer<Node> beforePowerOff = node -> { };
    private volatile java.util.function.Predicate<Node> refuseState = node -> false;
    private volatile Consumer<Node> beforeReboot = node -> { };

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public PowerState powerState(Node node) {
        if (refuseState.test(node)) {
            throw new IllegalStateException("fake BMC refused the credentials of " + node.uuid());
        }
        return states.getOrDefault(node.uuid(), PowerState.POWER_OFF);
    }

    @Override
    public void powerOn(Node node) {
        calls.add(node.uuid() + " on");
        states.put(node.uuid(), PowerState.POWER_ON);
    }

    @Override
    public void powerOff(Node node) {
        beforePowerOff.accept(node);
        calls.add(node.uuid() + " off");
        states.put(node.uuid(), PowerState.POWER_OFF);
    }

    @Override
    public void reboot(Node node) {
        beforeReboot.accept(node);
        calls.add(node.uuid() + " reboot");
        states.put(node.uuid(), PowerState.POWER_ON);
    }

    /**
     * Runs {@code action} at the start of every power-off, so a test can play a BMC whose power-off
     * blocks or fails (by blocking or throwing in it).
     */
    public void beforePowerOff(Consumer<Node> action) {
        beforePowerOff = action;
    }

    /** Makes power-state reads fail for nodes {@code refuse} matches: a BMC that refuses some credentials. */
    public void failPowerStateWhen(java.util.function.Predicate<Node> refuse) {
        refuseState = refuse;
    }

    /** Runs {@code action} at the start of every reboot, so a test can play a BMC that refuses it. */
    public void beforeReboot(Consumer<Node> action) {
        beforeReboot = action;
    }

    /** Every call made, oldest first, as {@code "<uuid> on|off|reboot"}. */
    public List<String> calls() {
        return List.copyOf(calls);
    }
}
