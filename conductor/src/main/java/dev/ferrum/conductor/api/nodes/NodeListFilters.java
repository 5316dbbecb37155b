package dev.ferrum.conductor.api.nodes;

import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.error.ForbiddenException;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.store.NodeAttributeFilter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The node-list query parameters on node attributes, each checked against the microversion Ironic gates it
 * at (406 below): {@code fault} (1.42, and a name that is no fault is a 400), {@code conductor_group} (1.46),
 * {@code owner} (1.50), {@code lessee} (1.65), {@code shard} (a comma-separated list) and {@code sharded}
 * (1.82). {@code project}, {@code description_contains} and {@code retired} are not gated in Ironic.
 * {@code conductor} (1.49) is matched against the live conductors by the caller.
 */
final class NodeListFilters {
    /** The parameters a next link carries on. */
    static final List<String> PARAMETERS = List.of("fault", "conductor_group", "owner", "lessee", "project",
            "description_contains", "retired", "shard", "sharded", "conductor", "parent_node", "include_children");

    private NodeListFilters() {
    }

    static NodeAttributeFilter from(ApiCall call) {
        Optional<Fault> fault = NodeFieldGates.filter(call, "fault", 42).map(Fault::fromWire);
        // Groups are stored lowercased and match case-insensitively, as in Ironic.
        Optional<String> group = NodeFieldGates.filter(call, "conductor_group", 46)
                .map(g -> g.toLowerCase(Locale.ROOT));
        Optional<String> owner = NodeFieldGates.filter(call, "owner", 50);
        Optional<String> lessee = NodeFieldGates.filter(call, "lessee", 65);
        List<String> shards = NodeFieldGates.filter(call, "shard", 82)
                .map(s -> Arrays.stream(s.split(",")).map(String::strip).filter(x -> !x.isEmpty()).toList())
                .orElse(List.of());
        NodeFieldGates.filter(call, "sharded", 82);
        Optional<Boolean> sharded = call.queryBoolean("sharded");
        // A project-scoped caller sees only its project's nodes, as Ironic's check_list_policy narrows the list; asking
        // for another owner's nodes is asking for list_all.
        Optional<String> visible = call.visibleProject();
        if (visible.isPresent() && owner.filter(o -> !o.equals(visible.get())).isPresent()) {
            throw ForbiddenException.policy("baremetal:node:list_all");
        }
        Optional<String> project = visible.isPresent() ? visible : call.query("project");
        Optional<String> parent = NodeFieldGates.filter(call, "parent_node", 83);
        NodeFieldGates.filter(call, "include_children", 83);
        return new NodeAttributeFilter(owner, lessee, project, call.query("description_contains"),
                group, fault, call.queryBoolean("retired"), shards, sharded)
                .withChildren(parent, call.queryBoolean("include_children").orElse(false));
    }

    /** The {@code conductor} filter, 406 below 1.49. */
    static Optional<String> conductor(ApiCall call) {
        return NodeFieldGates.filter(call, "conductor", 49);
    }
}
