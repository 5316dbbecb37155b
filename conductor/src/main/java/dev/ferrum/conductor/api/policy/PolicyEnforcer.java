package dev.ferrum.conductor.api.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.auth.Caller;
import dev.ferrum.conductor.auth.Grant;
import dev.ferrum.conductor.auth.Role;
import dev.ferrum.conductor.error.ForbiddenException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The one place operator requests are authorised: finds the route's row in the {@link PolicyTable}, resolves its
 * target (the node a path or body names, through a port, portgroup or volume record when need be) and checks the
 * caller's grant, as Ironic's {@code check_node_policy_and_retrieve} does: seeing the target comes first, and a
 * project caller is told a node it may not see does not exist (404); what it sees but may not do is 403.
 */
public final class PolicyEnforcer {
    private final PolicyTable table;
    private final Store store;

    public PolicyEnforcer(PolicyTable table, Store store) {
        this.table = table;
        this.store = store;
    }

    /** What a resolved target is called in a 404, and its projects. */
    private record Resolved(String kind, String ident, Optional<Target> target) {
    }

    /**
     * Throws {@link ForbiddenException} or {@link NotFoundException} unless {@code caller} may send
     * {@code method} to {@code path}; {@code body} is read only for policies that depend on it.
     */
    public void authorize(String method, String path, Caller caller, Supplier<JsonNode> body) {
        RoutePolicy row = table.lookup(method, path);
        Grant grant = caller.grant().orElseThrow(() -> ForbiddenException.policy(row.name()));
        if (grant.isSystem() && grant.role() == Role.ADMIN) {
            // Every default rule admits the system admin; skipping the lookups keeps its requests as they were.
            return;
        }
        List<String> segments = PolicyTable.segments(path);
        switch (row.target()) {
            case NONE, PROJECT_LIST -> require(row.name(), row.rule(), grant, Target.none());
            case BODY_NODE -> require(row.name(), row.rule(), grant, bodyNode(body).orElse(Target.none()));
            case NODE, NODE_PATCH, PORT, PORTGROUP, VOLUME_CONNECTOR, VOLUME_TARGET, ALLOCATION -> {
                Resolved resolved = resolve(row.target(), segments.get(row.firstVariable()));
                if (resolved.target().isEmpty()) {
                    // Nothing by that name: the handler answers its own 404, to everyone alike.
                    return;
                }
                Target target = resolved.target().get();
                boolean allocation = row.target() == TargetKind.ALLOCATION;
                Rule see = allocation ? Rule.ALLOCATION_READER : Rule.SYSTEM_OR_PROJECT_READER;
                if (!see.allows(grant, target)) {
                    if (caller.project().isPresent()) {
                        throw NotFoundException.of(resolved.kind(), resolved.ident());
                    }
                    throw ForbiddenException.policy(allocation ? "baremetal:allocation:get" : "baremetal:node:get");
                }
                if (row.target() == TargetKind.NODE_PATCH) {
                    for (NodePatchPolicies.Check check : NodePatchPolicies.of(body.get())) {
                        require(check.name(), check.rule(), grant, target);
                    }
                } else {
                    require(row.name(), row.rule(), grant, target);
                }
            }
        }
    }

    private static void require(String name, Rule rule, Grant grant, Target target) {
        if (!rule.allows(grant, target)) {
            throw ForbiddenException.policy(name);
        }
    }

    private Resolved resolve(TargetKind kind, String ident) {
        return switch (kind) {
            case NODE, NODE_PATCH -> new Resolved("Node", ident, node(ident));
            case PORT -> new Resolved("Port", ident, uuid(ident).flatMap(store.ports()::find)
                    .flatMap(port -> store.nodes().find(port.nodeUuid())).map(PolicyEnforcer::targetOf));
            case PORTGROUP -> new Resolved("Portgroup", ident, store.portgroups().find(ident)
                    .flatMap(group -> store.nodes().find(group.nodeUuid())).map(PolicyEnforcer::targetOf));
            case VOLUME_CONNECTOR -> new Resolved("Volume connector", ident, uuid(ident)
                    .flatMap(store.volumeConnectors()::find)
                    .flatMap(c -> store.nodes().find(c.nodeUuid())).map(PolicyEnforcer::targetOf));
            case VOLUME_TARGET -> new Resolved("Volume target", ident, uuid(ident)
                    .flatMap(store.volumeTargets()::find)
                    .flatMap(t -> store.nodes().find(t.nodeUuid())).map(PolicyEnforcer::targetOf));
            case ALLOCATION -> new Resolved("Allocation", ident, store.allocations().findByIdent(ident)
                    .map(a -> new Target(a.owner(), Optional.empty())));
            default -> throw new IllegalStateException(kind + " names no record in the path");
        };
    }

    private Optional<Target> node(String ident) {
        try {
            return Optional.of(targetOf(store.nodes().getByIdent(ident)));
        } catch (NotFoundException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The node a create names in its body; empty when the body names none the store has. */
    private Optional<Target> bodyNode(Supplier<JsonNode> body) {
        JsonNode document;
        try {
            document = body.get();
        } catch (RuntimeException unreadable) {
            // The handler reads the body again and answers 400/413/415 for it.
            return Optional.empty();
        }
        for (String field : List.of("node_uuid", "node_id", "node")) {
            JsonNode value = document.path(field);
            if (value.isTextual()) {
                return node(value.asText());
            }
        }
        return Optional.empty();
    }

    private static Optional<UUID> uuid(String ident) {
        try {
            return Optional.of(UUID.fromString(ident));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static Target targetOf(Node node) {
        return new Target(node.attributes().owner(), node.attributes().lessee());
    }
}
