package dev.ferrum.conductor.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.configdrive.ConfigDrives;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeAttributes;
import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.protocol.command.AgentNode;
import dev.ferrum.protocol.command.AgentPort;
import dev.ferrum.protocol.command.TraitList;
import dev.ferrum.protocol.image.ImageInfo;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.StepInvocation;
import dev.ferrum.protocol.step.StepListParams;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Maps the conductor's node and ports onto the agent wire records Ironic sends with every step
 * command: the whole node minus its secrets ({@link AgentNode}) and every port with all its fields
 * ({@link AgentPort}). The only place conductor values become command params.
 */
public final class AgentWire {
    private final ObjectMapper json;

    /** {@code json} is the wire mapping ({@code WireJson.newMapper()}). */
    public AgentWire(ObjectMapper json) {
        this.json = json;
    }

    /**
     * The node as IPA's commands expect it in {@code params.node}: driver_info passwords masked, the config
     * drive masked ({@code image_url} readable), the agent token masked in driver_internal_info, as Ironic's
     * {@code as_dict(secure=True)} sends it. {@code hardware} supplies the RAID configurations.
     */
    public AgentNode node(Node node, NodeHardware hardware) {
        NodeAttributes attributes = node.attributes();
        return new AgentNode(node.uuid().toString(), node.name(), node.instanceUuid().map(UUID::toString),
                Optional.of(node.driver()), dict(node.maskedDriverInfo()), dict(node.driverInternalInfo()),
                Optional.of(currentStep(node, StepKind.CLEAN)), Optional.of(currentStep(node, StepKind.DEPLOY)),
                dict(hardware.raidConfig()), dict(hardware.targetRaidConfig()), dict(node.agentInstanceInfo()),
                dict(node.properties()), node.reservation(), Optional.of(node.conductorGroup()),
                node.powerState().map(PowerState::wireName), node.targetPowerState().map(PowerState::wireName),
                Optional.of(node.provisionState().wireName()), time(node.provisionUpdatedAt()),
                node.targetProvisionState().map(ProvisionState::wireName), Optional.of(node.maintenance()),
                node.maintenanceReason(), attributes.fault().map(Fault::wireName),
                Optional.of(hardware.consoleEnabled()), node.lastError(), node.resourceClass(),
                time(node.inspectionFinishedAt()), time(node.inspectionStartedAt()), dict(node.extra()),
                node.automatedClean(), Optional.of(attributes.isProtected()), attributes.protectedReason(),
                slot(node, InterfaceKind.BIOS), slot(node, InterfaceKind.BOOT), slot(node, InterfaceKind.CONSOLE),
                slot(node, InterfaceKind.DEPLOY), slot(node, InterfaceKind.FIRMWARE), slot(node, InterfaceKind.INSPECT),
                slot(node, InterfaceKind.MANAGEMENT), slot(node, InterfaceKind.NETWORK),
                slot(node, InterfaceKind.POWER), slot(node, InterfaceKind.RAID), slot(node, InterfaceKind.RESCUE),
                slot(node, InterfaceKind.STORAGE), slot(node, InterfaceKind.VENDOR),
                Optional.of(TraitList.of(node.traits())), attributes.owner(), attributes.lessee(),
                attributes.description(), Optional.of(attributes.retired()), attributes.retiredReason(),
                dict(attributes.networkData()), attributes.bootMode(), attributes.secureBoot(), attributes.shard(),
                time(Optional.of(node.createdAt())), time(node.updatedAt()), Map.of());
    }

    /** A port with all its fields; {@code internalInfo} is kept apart from the port in the store. */
    public AgentPort port(Port port, JsonDict internalInfo) {
        return new AgentPort(port.uuid().toString(), Optional.of(port.nodeUuid().toString()), port.address().value(),
                port.extra().toObjectNode(), port.localLinkConnection().toObjectNode(), port.pxeEnabled(),
                internalInfo.toObjectNode(), port.physicalNetwork(), false, Optional.empty(),
                time(Optional.of(port.createdAt())), time(port.updatedAt()), Map.of());
    }

    /** {@code {node, ports}}: what {@code get_deploy_steps} and {@code get_clean_steps} take. */
    public StepListParams stepList(AgentNode node, List<AgentPort> ports) {
        return new StepListParams(tree(node), trees(ports), Map.of());
    }

    /**
     * {@code execute_clean_step}/{@code execute_deploy_step} params: the step, the node and ports, and the
     * manager versions the agent reported with its steps ({@code clean_version}/{@code deploy_version}),
     * which the agent compares with its own (an empty map when none were reported).
     */
    public ExecuteStepParams executeStep(StepKind kind, StepInvocation step, AgentNode node, List<AgentPort> ports,
            Optional<CachedSteps> reported) {
        Map<String, String> versions = reported.map(CachedSteps::managerVersions).orElse(Map.of());
        Map<String, JsonNode> serviceVersion = kind == StepKind.SERVICE
                ? Map.of(ExecuteStepParams.SERVICE_VERSION, json.valueToTree(versions)) : Map.of();
        return new ExecuteStepParams(step, tree(node), trees(ports),
                kind == StepKind.CLEAN ? Optional.of(versions) : Optional.empty(),
                kind == StepKind.DEPLOY ? Optional.of(versions) : Optional.empty(), serviceVersion);
    }

    /**
     * The {@code write_image} step's args (the {@link WriteImageArgs} record, as the step's JSON carries them)
     * for the node's instance_info, shaped as Ironic sends them for a direct
     * deploy: the image source as the one URL (its last path segment the id), the disk format (raw unless
     * said), {@code os_hash_algo}/{@code os_hash_value} when both are set, the legacy checksum when set,
     * {@code image_type} only for a partition image (a whole disk is the agent's default), and the config drive:
     * as given when it is text (gzipped base64 or a URL), built into an ISO when it is a JSON object (1.56+).
     */
    public ObjectNode writeImage(Node node, Instant now) {
        JsonDict info = node.instanceInfo();
        String source = info.string("image_source").orElseThrow(() -> new AgentException("node=" + node.uuid()
                + " has no instance_info.image_source to write"));
        Optional<String> algo = info.string("image_os_hash_algo");
        Optional<String> value = info.string("image_os_hash_value");
        boolean hashed = algo.isPresent() && value.isPresent();
        boolean partition = info.string("image_type").filter(ImageInfo.PARTITION::equals).isPresent();
        // A partition image carries its layout and boot settings, as Ironic's direct deploy sends them.
        Optional<InstanceBootSettings> boot = partition ? Optional.of(InstanceBootSettings.of(node)) : Optional.empty();
        ImageInfo image = new ImageInfo(source.substring(source.lastIndexOf('/') + 1), List.of(source),
                Optional.of(info.string("image_disk_format").orElse("raw")), Optional.empty(), true,
                info.string("image_checksum"), hashed ? algo : Optional.empty(), hashed ? value : Optional.empty(),
                Optional.of(node.uuid().toString()),
                partition ? Optional.of(ImageInfo.PARTITION) : Optional.empty(),
                boot.map(InstanceBootSettings::rootMb), boot.map(InstanceBootSettings::swapMb),
                boot.map(InstanceBootSettings::ephemeralMb),
                boot.map(b -> b.ephemeralFormat().orElse("ext4")), boot.map(InstanceBootSettings::preserveEphemeral),
                Optional.empty(), boot.flatMap(InstanceBootSettings::diskLabel), boot.map(InstanceBootSettings::bootMode),
                boot.map(InstanceBootSettings::bootOption), partitionExtra(info, partition));
        JsonNode drive = ConfigDrives.forAgent(info.get("configdrive"), node.uuid(), node.name(), now);
        return tree(WriteImageArgs.of(image, drive.isTextual() ? Optional.of(drive.asText()) : Optional.empty()));
    }

    /** Ironic sends a partition image's kernel and ramdisk along; the agent does not use them. */
    private Map<String, JsonNode> partitionExtra(JsonDict info, boolean partition) {
        Map<String, JsonNode> extra = new java.util.LinkedHashMap<>();
        if (partition) {
            info.string("kernel").ifPresent(k -> extra.put("kernel", json.getNodeFactory().textNode(k)));
            info.string("ramdisk").ifPresent(r -> extra.put("ramdisk", json.getNodeFactory().textNode(r)));
        }
        return extra;
    }

    /** The record as the JSON tree the params records carry (they keep node and ports free-form for agents). */
    public ObjectNode tree(Object record) {
        return json.valueToTree(record);
    }

    private List<JsonNode> trees(List<AgentPort> ports) {
        return ports.stream().<JsonNode>map(this::tree).toList();
    }

    /** Ironic's {@code clean_step}/{@code deploy_step}: the running step of that kind, {} when none runs. */
    private ObjectNode currentStep(Node node, StepKind kind) {
        return node.internal().stepPlan().filter(plan -> plan.kind() == kind).flatMap(plan -> plan.current())
                .map(AgentWire::invocation).map(this::tree).orElseGet(json::createObjectNode);
    }

    /** A planned step as the conductor asks the agent to run it: as listed, with the operator's args. */
    public static StepInvocation invocation(PlannedStep planned) {
        return StepInvocation.ofListed(planned.step(), planned.args().toObjectNode());
    }

    private static Optional<ObjectNode> dict(JsonDict dict) {
        return Optional.of(dict.toObjectNode());
    }

    private static Optional<String> slot(Node node, InterfaceKind kind) {
        return node.interfaces().get(kind);
    }

    private static Optional<String> time(Optional<Instant> at) {
        return at.map(AgentNode::time);
    }
}
