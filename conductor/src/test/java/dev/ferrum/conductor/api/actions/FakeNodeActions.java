package dev.ferrum.conductor.api.actions;

import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.conductor.store.Store;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.UUID;

/**
 * Node actions with fake drivers, for tests and the early sandbox: a verb runs to its stable state at
 * once through {@link Store#transition} (manage → manageable, provide → available, deploy → active,
 * undeploy → available, …), power changes are immediate, every interface validates. Boot devices are
 * remembered per node in memory.
 */
public final class FakeNodeActions implements NodeActions {
    private static final List<String> BOOT_DEVICES = List.of("pxe", "disk", "cdrom", "bios", "safe");
    /** More steps than any path through the table to a stable state; guards against a table loop. */
    private static final int MAX_STEPS = 10;

    private final Store store;
    private final String conductor;
    private final Map<UUID, BootDevice> bootDevices = new ConcurrentHashMap<>();

    public FakeNodeActions(Store store, String conductor) {
        this.store = store;
        this.conductor = conductor;
    }

    @Override
    public void provision(Node node, ProvisionRequest request) {
        store.locks().withLock(node.uuid(), conductor, lock -> {
            Node current = store.nodes().get(node.uuid());
            NodeMutation onStart = request.verb() == ProvisionEvent.DEPLOY || request.verb() == ProvisionEvent.REBUILD
                    ? b -> b.powerState(PowerState.POWER_ON) : NodeMutation.none();
            current = store.transition(lock, current.version(), current.provisionState(), request.verb(), onStart,
                    "fake " + request.verb() + " requested through the API");
            for (int step = 0; !current.provisionState().isStable() && !current.provisionState().isFailed(); step++) {
                if (step == MAX_STEPS) {
                    throw new IllegalStateException("node=" + node.uuid() + " fake flow did not settle after "
                            + MAX_STEPS + " steps, stuck in " + current.provisionState());
                }
                current = advance(lock, current);
            }
            return current;
        });
    }

    private Node advance(NodeLock lock, Node node) {
        ProvisionState state = node.provisionState();
        boolean manualClean = state.isCleaning() && node.targetProvisionState().equals(Optional.of(ProvisionState.MANAGEABLE));
        ProvisionEvent next = state == ProvisionState.DELETING ? ProvisionEvent.CLEAN
                : manualClean ? ProvisionEvent.MANAGE : ProvisionEvent.DONE;
        NodeMutation mutation = state == ProvisionState.DELETING
                ? b -> b.powerState(PowerState.POWER_OFF).instanceInfo(dev.ferrum.conductor.json.JsonDict.empty())
                : NodeMutation.none();
        if (store.stateMachine().next(state, next).isEmpty()) {
            throw new InvalidStateException("The fake flow has no way on from \"" + state + "\" for node "
                    + node.displayName() + ".");
        }
        return store.transition(lock, node.version(), state, next, mutation, "fake driver finished " + state);
    }

    @Override
    public void setPower(Node node, PowerState target, Optional<Duration> timeout) {
        PowerState result = switch (target) {
            case REBOOTING, SOFT_REBOOTING, POWER_ON -> PowerState.POWER_ON;
            case POWER_OFF, SOFT_POWER_OFF -> PowerState.POWER_OFF;
        };
        update(node, b -> b.powerState(result).targetPowerState(Optional.empty()));
    }

    @Override
    public List<InterfaceValidation> validate(Node node) {
        return List.of("boot", "console", "deploy", "inspect", "management", "network", "power", "raid", "rescue",
                "storage", "bios").stream().map(InterfaceValidation::ok).toList();
    }

    @Override
    public void setMaintenance(Node node, boolean on, Optional<String> reason) {
        update(node, b -> b.maintenance(on).maintenanceReason(on ? reason : Optional.empty())
                .editAttributes(a -> on ? a : a.withFault(Optional.empty())));
    }

    @Override
    public void setBootDevice(Node node, String device, boolean persistent) {
        bootDevices.put(node.uuid(), new BootDevice(Optional.of(device), Optional.of(persistent)));
    }

    @Override
    public BootDevice bootDevice(Node node) {
        // Ironic's fake management reads pxe, not persistent, until told otherwise.
        return bootDevices.getOrDefault(node.uuid(), new BootDevice(Optional.of("pxe"), Optional.of(false)));
    }

    @Override
    public List<String> supportedBootDevices(Node node) {
        return BOOT_DEVICES;
    }

    private void update(Node node, NodeMutation mutation) {
        store.locks().withLock(node.uuid(), conductor, lock ->
                store.nodes().update(lock, store.nodes().get(node.uuid()).version(), mutation));
    }
}
