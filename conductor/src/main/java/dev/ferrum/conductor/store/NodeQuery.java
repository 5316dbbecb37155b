package dev.ferrum.conductor.store;

import dev.ferrum.conductor.state.ProvisionState;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A node listing: filters that must all match, then a page of at most {@code limit} nodes after the
 * {@code marker} node in ({@code sortKey}, uuid) order. {@code conductorAffinity} matches the
 * conductor that last prepared the node; hash-ring ownership is the caller's to compute.
 */
public record NodeQuery(
        Optional<ProvisionState> provisionState,
        Optional<Boolean> maintenance,
        Optional<String> resourceClass,
        Optional<String> driver,
        Optional<String> conductorAffinity,
        Optional<UUID> instanceUuid,
        int limit,
        Optional<UUID> marker,
        NodeSortKey sortKey,
        SortDirection sortDirection,
        NodeAttributeFilter attributes) {

    /** Ironic's default page size limit. */
    public static final int DEFAULT_LIMIT = 1000;

    public NodeQuery {
        Objects.requireNonNull(provisionState, "provisionState");
        Objects.requireNonNull(maintenance, "maintenance");
        Objects.requireNonNull(resourceClass, "resourceClass");
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(conductorAffinity, "conductorAffinity");
        Objects.requireNonNull(instanceUuid, "instanceUuid");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        Objects.requireNonNull(marker, "marker");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(sortDirection, "sortDirection");
        Objects.requireNonNull(attributes, "attributes");
    }

    /** The same query with attribute filters {@code filter} (owner, lessee, fault, shard, …). */
    public NodeQuery withAttributes(NodeAttributeFilter filter) {
        return new NodeQuery(provisionState, maintenance, resourceClass, driver, conductorAffinity, instanceUuid,
                limit, marker, sortKey, sortDirection, filter);
    }

    /** Every node, by uuid ascending, {@value #DEFAULT_LIMIT} at a time. */
    public static NodeQuery all() {
        return new NodeQuery(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), DEFAULT_LIMIT, Optional.empty(), NodeSortKey.UUID, SortDirection.ASC,
                NodeAttributeFilter.none());
    }

    public NodeQuery withProvisionState(ProvisionState state) {
        return new NodeQuery(Optional.of(state), maintenance, resourceClass, driver, conductorAffinity, instanceUuid,
                limit, marker, sortKey, sortDirection, attributes);
    }

    public NodeQuery withMaintenance(boolean inMaintenance) {
        return new NodeQuery(provisionState, Optional.of(inMaintenance), resourceClass, driver, conductorAffinity,
                instanceUuid, limit, marker, sortKey, sortDirection, attributes);
    }

    public NodeQuery withResourceClass(String resourceClassName) {
        return new NodeQuery(provisionState, maintenance, Optional.of(resourceClassName), driver, conductorAffinity,
                instanceUuid, limit, marker, sortKey, sortDirection, attributes);
    }

    public NodeQuery withDriver(String driverName) {
        return new NodeQuery(provisionState, maintenance, resourceClass, Optional.of(driverName), conductorAffinity,
                instanceUuid, limit, marker, sortKey, sortDirection, attributes);
    }

    public NodeQuery withConductorAffinity(String conductor) {
        return new NodeQuery(provisionState, maintenance, resourceClass, driver, Optional.of(conductor), instanceUuid,
                limit, marker, sortKey, sortDirection, attributes);
    }

    public NodeQuery withInstanceUuid(UUID instance) {
        return new NodeQuery(provisionState, maintenance, resourceClass, driver, conductorAffinity,
                Optional.of(instance), limit, marker, sortKey, sortDirection, attributes);
    }

    public NodeQuery withLimit(int pageSize) {
        return new NodeQuery(provisionState, maintenance, resourceClass, driver, conductorAffinity, instanceUuid,
                pageSize, marker, sortKey, sortDirection, attributes);
    }

    /** The page after {@code node} (the previous page's {@link Page#nextMarker()}). */
    public NodeQuery after(UUID node) {
        return new NodeQuery(provisionState, maintenance, resourceClass, driver, conductorAffinity, instanceUuid,
                limit, Optional.of(node), sortKey, sortDirection, attributes);
    }

    public NodeQuery sortedBy(NodeSortKey key, SortDirection direction) {
        return new NodeQuery(provisionState, maintenance, resourceClass, driver, conductorAffinity, instanceUuid,
                limit, marker, key, direction, attributes);
    }
}
