package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.Fault;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The node-list filters on {@link dev.ferrum.conductor.node.NodeAttributes} and the conductor group, as
 * Ironic has them: exact owner, lessee, conductor group and fault; {@code project} matches owner or lessee;
 * {@code descriptionContains} a substring; {@code shards} any of the names; {@code sharded} whether a shard
 * is set at all; {@code parentNode} the children of one node; without {@code includeChildren} only nodes that
 * have no parent (Ironic's default list from 1.83). Empty means "no filter".
 */
public record NodeAttributeFilter(
        Optional<String> owner,
        Optional<String> lessee,
        Optional<String> project,
        Optional<String> descriptionContains,
        Optional<String> conductorGroup,
        Optional<Fault> fault,
        Optional<Boolean> retired,
        List<String> shards,
        Optional<Boolean> sharded,
        Optional<String> parentNode,
        boolean includeChildren) {

    public NodeAttributeFilter {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(lessee, "lessee");
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(descriptionContains, "descriptionContains");
        Objects.requireNonNull(conductorGroup, "conductorGroup");
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(retired, "retired");
        shards = List.copyOf(shards);
        Objects.requireNonNull(sharded, "sharded");
        Objects.requireNonNull(parentNode, "parentNode");
    }

    /** The filters of a list that does not ask about children: parents and children alike. */
    public NodeAttributeFilter(Optional<String> owner, Optional<String> lessee, Optional<String> project,
                               Optional<String> descriptionContains, Optional<String> conductorGroup,
                               Optional<Fault> fault, Optional<Boolean> retired, List<String> shards,
                               Optional<Boolean> sharded) {
        this(owner, lessee, project, descriptionContains, conductorGroup, fault, retired, shards, sharded,
                Optional.empty(), true);
    }

    /** Matches every node. */
    public static NodeAttributeFilter none() {
        return new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), List.of(), Optional.empty());
    }

    /** The same filter with Ironic's parent/child handling of the API's node list. */
    public NodeAttributeFilter withChildren(Optional<String> parent, boolean include) {
        return new NodeAttributeFilter(owner, lessee, project, descriptionContains, conductorGroup, fault, retired,
                shards, sharded, parent, include);
    }

    /** Adds this filter's SQL conditions over {@code nodes} and their arguments. */
    void addTo(List<String> where, List<Object> args) {
        owner.ifPresent(o -> condition(where, args, "owner = ?", o));
        lessee.ifPresent(l -> condition(where, args, "lessee = ?", l));
        project.ifPresent(p -> {
            where.add("(owner = ? OR lessee = ?)");
            args.add(p);
            args.add(p);
        });
        descriptionContains.ifPresent(d -> condition(where, args, "description LIKE ?", "%" + d + "%"));
        conductorGroup.ifPresent(g -> condition(where, args, "conductor_group = ?", g));
        fault.ifPresent(f -> condition(where, args, "fault = ?", f.wireName()));
        retired.ifPresent(r -> condition(where, args, "retired = ?", r));
        if (!shards.isEmpty()) {
            where.add("shard IN (" + String.join(", ", shards.stream().map(s -> "?").toList()) + ")");
            args.addAll(shards);
        }
        sharded.ifPresent(s -> where.add(s ? "shard IS NOT NULL" : "shard IS NULL"));
        // As Ironic: include_children lists everything; else the parent's children, or nodes without a parent.
        if (!includeChildren) {
            parentNode.ifPresentOrElse(p -> condition(where, args, "parent_node = ?", p),
                    () -> where.add("parent_node IS NULL"));
        }
    }

    private static void condition(List<String> where, List<Object> args, String sql, Object value) {
        where.add(sql);
        args.add(value);
    }
}
