package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * Builds a {@link Node}, fresh or as an edit of a stored one; {@link #build()} validates. Not
 * thread-safe: one builder per edit.
 */
public final class NodeBuilder {
    private UUID uuid;
    private Optional<String> name;
    private String driver;
    private NodeInterfaces interfaces;
    private JsonDict driverInfo;
    private JsonDict properties;
    private JsonDict instanceInfo;
    private Optional<UUID> instanceUuid;
    private InternalState internal;
    private ProvisionState provisionState;
    private Optional<ProvisionState> targetProvisionState;
    private Optional<PowerState> powerState;
    private Optional<PowerState> targetPowerState;
    private boolean maintenance;
    private Optional<String> maintenanceReason;
    private Optional<String> lastError;
    private Optional<String> resourceClass;
    private List<String> traits;
    private JsonDict extra;
    private String conductorGroup;
    private NodeAttributes attributes;
    private Optional<Boolean> automatedClean;
    private Optional<Instant> inspectionStartedAt;
    private Optional<Instant> inspectionFinishedAt;
    private Optional<Instant> provisionUpdatedAt;
    private Instant createdAt;
    private Optional<Instant> updatedAt;
    private Optional<String> reservation;
    private Optional<String> conductorAffinity;
    private long version;

    NodeBuilder(UUID uuid, String driver, Instant createdAt) {
        this.uuid = uuid;
        this.name = Optional.empty();
        this.driver = driver;
        this.interfaces = NodeInterfaces.none();
        this.driverInfo = JsonDict.empty();
        this.properties = JsonDict.empty();
        this.instanceInfo = JsonDict.empty();
        this.instanceUuid = Optional.empty();
        this.internal = InternalState.empty();
        this.provisionState = ProvisionState.ENROLL;
        this.targetProvisionState = Optional.empty();
        this.powerState = Optional.empty();
        this.targetPowerState = Optional.empty();
        this.maintenance = false;
        this.maintenanceReason = Optional.empty();
        this.lastError = Optional.empty();
        this.resourceClass = Optional.empty();
        this.traits = List.of();
        this.extra = JsonDict.empty();
        this.conductorGroup = "";
        this.attributes = NodeAttributes.none();
        this.automatedClean = Optional.empty();
        this.inspectionStartedAt = Optional.empty();
        this.inspectionFinishedAt = Optional.empty();
        this.provisionUpdatedAt = Optional.empty();
        this.createdAt = createdAt;
        this.updatedAt = Optional.empty();
        this.reservation = Optional.empty();
        this.conductorAffinity = Optional.empty();
        this.version = 0;
    }

    NodeBuilder(Node node) {
        this.uuid = node.uuid();
        this.name = node.name();
        this.driver = node.driver();
        this.interfaces = node.interfaces();
        this.driverInfo = node.driverInfo();
        this.properties = node.properties();
        this.instanceInfo = node.instanceInfo();
        this.instanceUuid = node.instanceUuid();
        this.internal = node.internal();
        this.provisionState = node.provisionState();
        this.targetProvisionState = node.targetProvisionState();
        this.powerState = node.powerState();
        this.targetPowerState = node.targetPowerState();
        this.maintenance = node.maintenance();
        this.maintenanceReason = node.maintenanceReason();
        this.lastError = node.lastError();
        this.resourceClass = node.resourceClass();
        this.traits = node.traits();
        this.extra = node.extra();
        this.conductorGroup = node.conductorGroup();
        this.attributes = node.attributes();
        this.automatedClean = node.automatedClean();
        this.inspectionStartedAt = node.inspectionStartedAt();
        this.inspectionFinishedAt = node.inspectionFinishedAt();
        this.provisionUpdatedAt = node.provisionUpdatedAt();
        this.createdAt = node.createdAt();
        this.updatedAt = node.updatedAt();
        this.reservation = node.reservation();
        this.conductorAffinity = node.conductorAffinity();
        this.version = node.version();
    }

    /** Re-identifies the node; only the store's checks and tests have a reason to. */
    public NodeBuilder uuid(UUID uuid) {
        this.uuid = uuid;
        return this;
    }

    /** Sets the creation time; the store stamps its own on create. */
    public NodeBuilder createdAt(Instant createdAt) {
        this.createdAt = createdAt;
        return this;
    }

    public NodeBuilder name(Optional<String> name) {
        this.name = name;
        return this;
    }

    public NodeBuilder name(String name) {
        this.name = Optional.of(name);
        return this;
    }

    public NodeBuilder driver(String driver) {
        this.driver = driver;
        return this;
    }

    public NodeBuilder interfaces(NodeInterfaces interfaces) {
        this.interfaces = interfaces;
        return this;
    }

    public NodeBuilder driverInfo(JsonDict driverInfo) {
        this.driverInfo = driverInfo;
        return this;
    }

    public NodeBuilder properties(JsonDict properties) {
        this.properties = properties;
        return this;
    }

    public NodeBuilder instanceInfo(JsonDict instanceInfo) {
        this.instanceInfo = instanceInfo;
        return this;
    }

    public NodeBuilder instanceUuid(Optional<UUID> instanceUuid) {
        this.instanceUuid = instanceUuid;
        return this;
    }

    public NodeBuilder instanceUuid(UUID instanceUuid) {
        this.instanceUuid = Optional.of(instanceUuid);
        return this;
    }

    public NodeBuilder internal(InternalState internal) {
        this.internal = internal;
        return this;
    }

    /** Edits the internal state in place, e.g. {@code b.editInternal(s -> s.withWaitDeadline(...))}. */
    public NodeBuilder editInternal(UnaryOperator<InternalState> edit) {
        this.internal = edit.apply(internal);
        return this;
    }

    public NodeBuilder provisionState(ProvisionState provisionState) {
        this.provisionState = provisionState;
        return this;
    }

    public NodeBuilder targetProvisionState(Optional<ProvisionState> targetProvisionState) {
        this.targetProvisionState = targetProvisionState;
        return this;
    }

    public NodeBuilder targetProvisionState(ProvisionState targetProvisionState) {
        this.targetProvisionState = Optional.of(targetProvisionState);
        return this;
    }

    public NodeBuilder powerState(Optional<PowerState> powerState) {
        this.powerState = powerState;
        return this;
    }

    public NodeBuilder powerState(PowerState powerState) {
        this.powerState = Optional.of(powerState);
        return this;
    }

    public NodeBuilder targetPowerState(Optional<PowerState> targetPowerState) {
        this.targetPowerState = targetPowerState;
        return this;
    }

    public NodeBuilder targetPowerState(PowerState targetPowerState) {
        this.targetPowerState = Optional.of(targetPowerState);
        return this;
    }

    public NodeBuilder maintenance(boolean maintenance) {
        this.maintenance = maintenance;
        return this;
    }

    public NodeBuilder maintenanceReason(Optional<String> maintenanceReason) {
        this.maintenanceReason = maintenanceReason;
        return this;
    }

    public NodeBuilder maintenanceReason(String maintenanceReason) {
        this.maintenanceReason = Optional.of(maintenanceReason);
        return this;
    }

    public NodeBuilder lastError(Optional<String> lastError) {
        this.lastError = lastError;
        return this;
    }

    public NodeBuilder lastError(String lastError) {
        this.lastError = Optional.of(lastError);
        return this;
    }

    public NodeBuilder resourceClass(Optional<String> resourceClass) {
        this.resourceClass = resourceClass;
        return this;
    }

    public NodeBuilder resourceClass(String resourceClass) {
        this.resourceClass = Optional.of(resourceClass);
        return this;
    }

    public NodeBuilder traits(List<String> traits) {
        this.traits = traits;
        return this;
    }

    public NodeBuilder extra(JsonDict extra) {
        this.extra = extra;
        return this;
    }

    public NodeBuilder conductorGroup(String conductorGroup) {
        this.conductorGroup = conductorGroup;
        return this;
    }

    public NodeBuilder attributes(NodeAttributes attributes) {
        this.attributes = attributes;
        return this;
    }

    /** Edits the attributes in place, e.g. {@code b.editAttributes(a -> a.withFault(Optional.empty()))}. */
    public NodeBuilder editAttributes(UnaryOperator<NodeAttributes> edit) {
        this.attributes = edit.apply(attributes);
        return this;
    }

    public NodeBuilder automatedClean(Optional<Boolean> automatedClean) {
        this.automatedClean = automatedClean;
        return this;
    }

    public NodeBuilder inspectionStartedAt(Optional<Instant> inspectionStartedAt) {
        this.inspectionStartedAt = inspectionStartedAt;
        return this;
    }

    public NodeBuilder inspectionStartedAt(Instant inspectionStartedAt) {
        this.inspectionStartedAt = Optional.of(inspectionStartedAt);
        return this;
    }

    public NodeBuilder inspectionFinishedAt(Optional<Instant> inspectionFinishedAt) {
        this.inspectionFinishedAt = inspectionFinishedAt;
        return this;
    }

    public NodeBuilder inspectionFinishedAt(Instant inspectionFinishedAt) {
        this.inspectionFinishedAt = Optional.of(inspectionFinishedAt);
        return this;
    }

    public NodeBuilder provisionUpdatedAt(Optional<Instant> provisionUpdatedAt) {
        this.provisionUpdatedAt = provisionUpdatedAt;
        return this;
    }

    public NodeBuilder provisionUpdatedAt(Instant provisionUpdatedAt) {
        this.provisionUpdatedAt = Optional.of(provisionUpdatedAt);
        return this;
    }

    public NodeBuilder updatedAt(Optional<Instant> updatedAt) {
        this.updatedAt = updatedAt;
        return this;
    }

    public NodeBuilder updatedAt(Instant updatedAt) {
        this.updatedAt = Optional.of(updatedAt);
        return this;
    }

    public NodeBuilder reservation(Optional<String> reservation) {
        this.reservation = reservation;
        return this;
    }

    public NodeBuilder reservation(String reservation) {
        this.reservation = Optional.of(reservation);
        return this;
    }

    public NodeBuilder conductorAffinity(Optional<String> conductorAffinity) {
        this.conductorAffinity = conductorAffinity;
        return this;
    }

    public NodeBuilder conductorAffinity(String conductorAffinity) {
        this.conductorAffinity = Optional.of(conductorAffinity);
        return this;
    }

    public NodeBuilder version(long version) {
        this.version = version;
        return this;
    }

    /** The node, validated. */
    public Node build() {
        return new Node(uuid, name, driver, interfaces, driverInfo, properties, instanceInfo, instanceUuid, internal,
                provisionState, targetProvisionState, powerState, targetPowerState, maintenance, maintenanceReason,
                lastError, resourceClass, traits, extra, conductorGroup, attributes, automatedClean, inspectionStartedAt,
                inspectionFinishedAt, provisionUpdatedAt, createdAt, updatedAt, reservation, conductorAffinity,
                version);
    }
}
