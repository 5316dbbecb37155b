package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.store.NodeHardwareStore;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.conductor.store.NodeStore;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.step.Step;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the conductor keeps after an in-band RAID step on a node whose {@code raid_interface} is
 * {@code agent}, as Ironic's agent RAID interface does: after
 * {@code raid.create_configuration} (clean) or {@code raid.apply_configuration} (deploy) the agent's
 * result becomes the node's {@code raid_config}, stamped {@code last_updated}, and the root volume, if
 * any, sets {@code properties.local_gb} (unless MAX), {@code properties.root_device} (the hint the
 * agent reported, so the next deploy writes to the RAID volume) and the {@code raid_level}
 * capability; after {@code raid.delete_configuration} {@code raid_config} is emptied.
 * {@code target_raid_config} is kept either way, as in Ironic.
 */
final class RaidRecording {
    private static final DateTimeFormatter IRONIC_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private final NodeStore nodes;
    private final NodeHardwareStore hardware;
    private final Clock clock;

    RaidRecording(NodeStore nodes, NodeHardwareStore hardware, Clock clock) {
        this.nodes = nodes;
        this.hardware = hardware;
        this.clock = clock;
    }

    /**
     * Records what {@code step} did on {@code node} when it is a RAID step; returns the node as stored
     * afterwards ({@code node} itself for other steps).
     *
     * @throws FlowException when a create/apply step succeeded without reporting a configuration
     */
    Node receive(NodeLock lock, Node node, Step step, CommandResult finished, StepKind kind) {
        // Only the agent RAID slot post-processes the agent's result, as Ironic's AgentRAID does.
        boolean agentRaid = node.interfaces().get(InterfaceKind.RAID).filter("agent"::equals).isPresent();
        if (!agentRaid || !step.interfaceName().equals("raid")) {
            return node;
        }
        NodeMutation change = record(node, step, finished, kind);
        return nodes.update(lock, node.version(), change);
    }

    private NodeMutation record(Node node, Step step, CommandResult finished, StepKind kind) {
        String name = "raid." + step.step();
        switch (step.step()) {
            case "delete_configuration" -> {
                hardware.update(node.uuid(), h -> new NodeHardware(JsonDict.empty(),
                        h.targetRaidConfig(), h.consoleEnabled()));
                return NodeMutation.none();
            }
            case "create_configuration", "apply_configuration" -> {
                String key = kind.prefix() + "_result";
                JsonNode reported = finished.commandResult().map(r -> r.path(key)).orElse(null);
                if (reported == null || !reported.isObject() || !reported.path("logical_disks").isArray()) {
                    throw new FlowException("the agent ran " + name + " but reported no RAID configuration (its "
                            + key + " was " + reported + "); check the agent's hardware managers, then run "
                            + name + " again");
                }
                ObjectNode config = ((ObjectNode) reported).deepCopy();
                config.put("last_updated", LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC).format(IRONIC_TIME));
                hardware.update(node.uuid(), h -> new NodeHardware(JsonDict.of(config),
                        h.targetRaidConfig(), h.consoleEnabled()));
                return rootVolume(config).map(root -> properties(node.properties(), root)).orElse(NodeMutation.none());
            }
            default -> {
                return NodeMutation.none();
            }
        }
    }

    private static Optional<JsonNode> rootVolume(JsonNode config) {
        for (JsonNode disk : config.path("logical_disks")) {
            if (disk.path("is_root_volume").asBoolean(false)) {
                return Optional.of(disk);
            }
        }
        return Optional.empty();
    }

    private static NodeMutation properties(JsonDict current, JsonNode root) {
        JsonDict next = current;
        JsonNode size = root.path("size_gb");
        if (size.isIntegralNumber()) {
            next = next.with("local_gb", size);
        }
        JsonNode hint = root.path("root_device_hint");
        if (hint.isObject() && !hint.isEmpty()) {
            next = next.with("root_device", hint);
        }
        String level = root.path("raid_level").asText();
        Optional<JsonNode> capabilities = next.get("capabilities");
        if (capabilities.isPresent() && capabilities.get().isObject()) {
            // Some clients store capabilities as a dict; keep its shape.
            next = next.with("capabilities", ((ObjectNode) capabilities.get()).put("raid_level", level));
        } else {
            next = next.with("capabilities", withCapability(next.string("capabilities").orElse(""), "raid_level",
                    level));
        }
        JsonDict updated = next;
        return b -> b.properties(updated);
    }

    /** Ironic's capabilities text ("k:v,k:v") with {@code key} set to {@code value}, other entries kept in order. */
    static String withCapability(String capabilities, String key, String value) {
        List<String> entries = new ArrayList<>();
        boolean replaced = false;
        for (String entry : capabilities.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            if (entry.split(":", 2)[0].strip().equals(key)) {
                entries.add(key + ":" + value);
                replaced = true;
            } else {
                entries.add(entry.strip());
            }
        }
        if (!replaced) {
            entries.add(key + ":" + value);
        }
        return String.join(",", entries);
    }
}
