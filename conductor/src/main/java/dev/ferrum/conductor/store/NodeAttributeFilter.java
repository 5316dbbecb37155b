package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.Fault;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The node-list filters on {@link dev.ferrum.conductor.node.NodeAttributes} and the conductor group, as
 * Ironic has them: exact owner, lessee, conductor group and fault; {@code project} matches owner or lessee;
 * {@code descriptionContains} a substring; {@code shards} any of the names; {@code sharded} whether a shard
 * is set at all. Empty means "no filter".
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
        Optional<Boolean> sharded) {

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
    }

    /** Matches every node. */
    public static NodeAttributeFilter none() {
        return new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), List.of(), Optional.empty());
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
    }

    private static void condition(List<String> where, List<Object> args, String sql, Object value) {
        where.add(sql);
        args.add(value);
    }
}
