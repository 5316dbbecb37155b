package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.node.DriverInternalInfo;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.protocol.api.Microversion;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Renders a node as Ironic's API does: stock Ironic's key order, secrets masked, each field only from
 * the microversion that introduced it (older clients choke on fields they do not know), links built
 * on the request's host. Fields Ferrum does not model (owner, lessee, RAID, …) show their empty value.
 */
public final class NodeView {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** The fields of a node in a plain (non-detail) listing, besides name from 1.5. */
    private static final List<String> SUMMARY = List.of("uuid", "instance_uuid", "maintenance", "power_state",
            "provision_state", "name", "links");

    private record Field(String name, Microversion since, BiFunction<ApiCall, Node, JsonNode> value) {
    }

    private final Function<Node, Optional<String>> conductorOf;
    private final Function<UUID, Optional<UUID>> allocationOf;
    private final Function<UUID, Optional<UUID>> chassisOf;
    private final Function<UUID, NodeHardware> hardwareOf;
    private final Function<List<UUID>, NodePageRelations> pageRelations;
    private final List<Field> fields;

    /**
     * @param conductorOf the live conductor serving a node, for {@code conductor}
     * @param allocationOf the allocation holding a node, for {@code allocation_uuid}
     */
    public NodeView(Function<Node, Optional<String>> conductorOf, Function<UUID, Optional<UUID>> allocationOf) {
        this(conductorOf, allocationOf, node -> Optional.empty(), node -> NodeHardware.initial());
    }

    /**
     * @param conductorOf the live conductor serving a node, for {@code conductor}
     * @param allocationOf the allocation holding a node, for {@code allocation_uuid}
     * @param chassisOf the chassis a node belongs to, for {@code chassis_uuid}
     * @param hardwareOf a node's RAID configurations and console state
     */
    public NodeView(Function<Node, Optional<String>> conductorOf, Function<UUID, Optional<UUID>> allocationOf,
                    Function<UUID, Optional<UUID>> chassisOf, Function<UUID, NodeHardware> hardwareOf) {
        this(conductorOf, allocationOf, chassisOf, hardwareOf, nodes -> new NodePageRelations(
                lookUp(nodes, allocationOf), lookUp(nodes, chassisOf),
                nodes.stream().collect(Collectors.toMap(n -> n, hardwareOf))));
    }

    /**
     * As above, with {@code pageRelations} reading the same relations for a whole page of nodes at once
     * (for {@link #forPage}); it must agree with the per-node functions.
     */
    public NodeView(Function<Node, Optional<String>> conductorOf, Function<UUID, Optional<UUID>> allocationOf,
                    Function<UUID, Optional<UUID>> chassisOf, Function<UUID, NodeHardware> hardwareOf,
                    Function<List<UUID>, NodePageRelations> pageRelations) {
        this.conductorOf = conductorOf;
        this.allocationOf = allocationOf;
        this.chassisOf = chassisOf;
        this.hardwareOf = hardwareOf;
        this.pageRelations = pageRelations;
        this.fields = fields();
    }

    private static Map<UUID, UUID> lookUp(List<UUID> nodes, Function<UUID, Optional<UUID>> of) {
        Map<UUID, UUID> found = new HashMap<>();
        nodes.forEach(node -> of.apply(node).ifPresent(value -> found.put(node, value)));
        return found;
    }

    /**
     * This view for rendering exactly {@code nodes} (a listing's page): their allocations, chassis and
     * hardware state read once for the page rather than once per node and field.
     */
    public NodeView forPage(List<UUID> nodes) {
        NodePageRelations page = pageRelations.apply(nodes);
        return new NodeView(conductorOf, page::allocationOf, page::chassisOf, page::hardwareOf, pageRelations);
    }

    private List<Field> fields() {
        List<Field> all = new ArrayList<>();
        add(all, "uuid", 1, 1, (c, n) -> F.textNode(n.uuid().toString()));
        add(all, "created_at", 1, 1, (c, n) -> time(Optional.of(n.createdAt())));
        add(all, "updated_at", 1, 1, (c, n) -> time(n.updatedAt()));
        add(all, "automated_clean", 1, 47, (c, n) -> n.automatedClean().<JsonNode>map(F::booleanNode).orElse(F.nullNode()));
        iface(all, InterfaceKind.BIOS, 40);
        iface(all, InterfaceKind.BOOT, 31);
        add(all, "boot_mode", 1, 75, (c, n) -> text(n.attributes().bootMode()));
        add(all, "clean_step", 1, 7, (c, n) -> currentStep(n, StepKind.CLEAN));
        add(all, "conductor_group", 1, 46, (c, n) -> F.textNode(n.conductorGroup()));
        add(all, "console_enabled", 1, 1, (c, n) -> F.booleanNode(hardwareOf.apply(n.uuid()).consoleEnabled()));
        iface(all, InterfaceKind.CONSOLE, 31);
        iface(all, InterfaceKind.DEPLOY, 31);
        add(all, "deploy_step", 1, 44, (c, n) -> currentStep(n, StepKind.DEPLOY));
        add(all, "description", 1, 51, (c, n) -> text(n.attributes().description()));
        add(all, "driver", 1, 1, (c, n) -> F.textNode(n.driver()));
        add(all, "driver_info", 1, 1, (c, n) -> n.maskedDriverInfo().toObjectNode());
        add(all, "driver_internal_info", 1, 3, (c, n) -> n.driverInternalInfo().toObjectNode());
        add(all, "extra", 1, 1, (c, n) -> n.extra().toObjectNode());
        add(all, "fault", 1, 42, (c, n) -> text(n.attributes().fault().map(Fault::wireName)));
        iface(all, InterfaceKind.FIRMWARE, 86);
        add(all, "inspection_finished_at", 1, 6, (c, n) -> time(n.inspectionFinishedAt()));
        add(all, "inspection_started_at", 1, 6, (c, n) -> time(n.inspectionStartedAt()));
        iface(all, InterfaceKind.INSPECT, 31);
        add(all, "instance_info", 1, 1, (c, n) -> n.maskedInstanceInfo().toObjectNode());
        add(all, "instance_uuid", 1, 1, (c, n) -> text(n.instanceUuid().map(UUID::toString)));
        add(all, "last_error", 1, 1, (c, n) -> text(n.lastError()));
        add(all, "lessee", 1, 65, (c, n) -> text(n.attributes().lessee()));
        add(all, "maintenance", 1, 1, (c, n) -> F.booleanNode(n.maintenance()));
        add(all, "maintenance_reason", 1, 1, (c, n) -> text(n.maintenanceReason()));
        iface(all, InterfaceKind.MANAGEMENT, 31);
        add(all, "name", 1, 5, (c, n) -> text(n.name()));
        add(all, "network_data", 1, 66, (c, n) -> n.attributes().networkData().toObjectNode());
        iface(all, InterfaceKind.NETWORK, 20);
        add(all, "owner", 1, 50, (c, n) -> text(n.attributes().owner()));
        add(all, "parent_node", 1, 83, (c, n) -> text(n.attributes().parentNode().map(UUID::toString)));
        iface(all, InterfaceKind.POWER, 31);
        add(all, "power_state", 1, 1, (c, n) -> text(n.powerState().map(Object::toString)));
        add(all, "properties", 1, 1, (c, n) -> n.properties().toObjectNode());
        add(all, "protected", 1, 48, (c, n) -> F.booleanNode(n.attributes().isProtected()));
        add(all, "protected_reason", 1, 48, (c, n) -> text(n.attributes().protectedReason()));
        add(all, "provision_state", 1, 1, (c, n) -> text(provisionState(c, n.provisionState())));
        add(all, "provision_updated_at", 1, 1, (c, n) -> time(n.provisionUpdatedAt()));
        add(all, "raid_config", 1, 12, (c, n) -> hardwareOf.apply(n.uuid()).raidConfig().toObjectNode());
        iface(all, InterfaceKind.RAID, 31);
        iface(all, InterfaceKind.RESCUE, 38);
        add(all, "reservation", 1, 1, (c, n) -> text(n.reservation()));
        add(all, "resource_class", 1, 21, (c, n) -> text(n.resourceClass()));
        add(all, "retired", 1, 61, (c, n) -> F.booleanNode(n.attributes().retired()));
        add(all, "retired_reason", 1, 61, (c, n) -> text(n.attributes().retiredReason()));
        add(all, "service_step", 1, 87, (c, n) -> currentStep(n, StepKind.SERVICE));
        add(all, "secure_boot", 1, 75,
                (c, n) -> n.attributes().secureBoot().<JsonNode>map(F::booleanNode).orElse(F.nullNode()));
        add(all, "shard", 1, 82, (c, n) -> text(n.attributes().shard()));
        iface(all, InterfaceKind.STORAGE, 33);
        add(all, "target_power_state", 1, 1, (c, n) -> text(n.targetPowerState().map(Object::toString)));
        add(all, "target_provision_state", 1, 1,
                (c, n) -> text(n.targetProvisionState().map(s -> s.wireName())));
        add(all, "target_raid_config", 1, 12,
                (c, n) -> hardwareOf.apply(n.uuid()).targetRaidConfig().toObjectNode());
        add(all, "traits", 1, 37, (c, n) -> {
            var traits = F.arrayNode();
            n.traits().forEach(traits::add);
            return traits;
        });
        iface(all, InterfaceKind.VENDOR, 31);
        add(all, "links", 1, 1, (c, n) -> Links.pair(c, "nodes/" + n.uuid()));
        add(all, "conductor", 1, 49, (c, n) -> text(conductorOf.apply(n)));
        add(all, "allocation_uuid", 1, 52, (c, n) -> text(allocationOf.apply(n.uuid()).map(UUID::toString)));
        add(all, "chassis_uuid", 1, 1, (c, n) -> text(chassisOf.apply(n.uuid()).map(UUID::toString)));
        add(all, "ports", 1, 1, (c, n) -> Links.pair(c, "nodes/" + n.uuid() + "/ports"));
        add(all, "states", 1, 1, (c, n) -> Links.pair(c, "nodes/" + n.uuid() + "/states"));
        add(all, "portgroups", 1, 24, (c, n) -> Links.pair(c, "nodes/" + n.uuid() + "/portgroups"));
        add(all, "volume", 1, 32, (c, n) -> Links.pair(c, "nodes/" + n.uuid() + "/volume"));
        return List.copyOf(all);
    }

    private static void add(List<Field> all, String name, int major, int minor, BiFunction<ApiCall, Node, JsonNode> value) {
        all.add(new Field(name, Microversion.of(major, minor), value));
    }

    private static void iface(List<Field> all, InterfaceKind kind, int minor) {
        add(all, kind.fieldName(), 1, minor, (c, n) -> text(n.interfaces().get(kind)));
    }

    /** The live conductor serving {@code node} (its {@code conductor} field), for the list filter. */
    public Optional<String> conductorOf(Node node) {
        return conductorOf.apply(node);
    }

    /** The full document ({@code GET /v1/nodes/<id>}, detail listings, create and patch answers). */
    public ObjectNode full(ApiCall call, Node node) {
        return render(call, node, name -> true);
    }

    /** The plain listing's few fields. */
    public ObjectNode summary(ApiCall call, Node node) {
        return render(call, node, SUMMARY::contains);
    }

    /** Only {@code wanted}, which {@link #checkFields} has accepted. */
    public ObjectNode selected(ApiCall call, Node node, Set<String> wanted) {
        return render(call, node, wanted::contains);
    }

    /** The names {@link #summary} shows (for {@link #write}). */
    public static Predicate<String> summaryFields() {
        return SUMMARY::contains;
    }

    /**
     * Writes the document {@link #render} would build for the fields {@code include} names, redacted for the
     * call's caller as {@link NodeRedaction#apply} does, straight onto {@code out}: a listing builds no tree per
     * node or page, and its bytes are the same as the tree's.
     */
    public void write(JsonGenerator out, ApiCall call, Node node, Predicate<String> include) throws IOException {
        boolean redacted = !NodeRedaction.seesAll(call.caller(), node);
        out.writeStartObject();
        for (Field field : fields) {
            if (call.version().isAtLeast(field.since()) && include.test(field.name())) {
                out.writeFieldName(field.name());
                Optional<JsonNode> hidden = redacted ? NodeRedaction.replacement(field.name()) : Optional.empty();
                out.writeTree(hidden.orElseGet(() -> field.value().apply(call, node)));
            }
        }
        out.writeEndObject();
    }

    /**
     * Parses a {@code fields=} parameter as Ironic does: a field newer than the request (also one of Ironic's
     * past Ferrum's newest version) is a 406, one no version knows a 400.
     */
    public Set<String> checkFields(ApiCall call, String fieldsParameter) {
        Set<String> wanted = new LinkedHashSet<>();
        List<String> invalid = new ArrayList<>();
        for (String field : fieldsParameter.split(",")) {
            String name = field.strip();
            if (name.isEmpty()) {
                continue;
            }
            Optional<Microversion> since = since(name);
            if (since.isPresent() && !call.version().isAtLeast(since.get())) {
                throw new ApiException(406, "The field \"" + name + "\" needs API version " + since.get()
                        + " or later.");
            }
            if (since.isEmpty() && NodeFieldGates.SINCE.containsKey(name)) {
                throw NodeFieldGates.notAcceptable();
            }
            (since.isPresent() ? wanted : invalid).add(name);
        }
        if (!invalid.isEmpty()) {
            throw new InvalidInputException("Field(s) \"" + String.join(", ", invalid) + "\" are not valid.");
        }
        return wanted;
    }

    /**
     * A provision state as a client of this version knows it, as Ironic renders it: below 1.2 {@code available}
     * was "no state" (null), below 1.39 {@code inspect wait} was {@code inspecting}.
     */
    public static Optional<String> provisionState(ApiCall call, ProvisionState state) {
        if (state == ProvisionState.AVAILABLE && !call.atLeast(1, 2)) {
            return Optional.empty();
        }
        if (state == ProvisionState.INSPECT_WAIT && !call.atLeast(1, 39)) {
            return Optional.of(ProvisionState.INSPECTING.wireName());
        }
        return Optional.of(state.wireName());
    }

    /** The version that introduced the node field {@code name}; empty for a name that is no node field. */
    public Optional<Microversion> since(String name) {
        return fields.stream().filter(f -> f.name().equals(name)).map(Field::since).findFirst();
    }

    private ObjectNode render(ApiCall call, Node node, Predicate<String> include) {
        ObjectNode out = F.objectNode();
        for (Field field : fields) {
            if (call.version().isAtLeast(field.since()) && include.test(field.name())) {
                out.set(field.name(), field.value().apply(call, node));
            }
        }
        return out;
    }

    private static JsonNode text(Optional<String> value) {
        return value.<JsonNode>map(F::textNode).orElse(F.nullNode());
    }

    private static JsonNode time(Optional<Instant> value) {
        return value.<JsonNode>map(i -> F.textNode(ApiTimes.format(i))).orElse(F.nullNode());
    }

    /** The {@code kind} step running now as Ironic shows it in {@code clean_step}/{@code deploy_step}; {} for none. */
    private static JsonNode currentStep(Node node, StepKind kind) {
        return node.internal().stepPlan().filter(plan -> plan.kind() == kind).flatMap(StepPlan::current)
                .<JsonNode>map(DriverInternalInfo::renderStep).orElseGet(F::objectNode);
    }
}
