package dev.ferrum.conductor.api.policy;

/**
 * What a route's policy is checked against, found from the first path variable of its template (or the
 * body, for creates that name their node there).
 */
public enum TargetKind {
    /** A system-wide resource (chassis, drivers, conductors, deploy templates, events, shards). */
    NONE,
    /** A collection a project-scoped reader may list, filtered to its nodes by the handler. */
    PROJECT_LIST,
    /** The node named in the path; one a project caller cannot see is 404, as Ironic conceals it. */
    NODE,
    /** A node JSON-patch: each patched field has its own policy, as Ironic's node controller checks them. */
    NODE_PATCH,
    /** The node a port's path names through the port. */
    PORT,
    PORTGROUP,
    VOLUME_CONNECTOR,
    VOLUME_TARGET,
    /** The node the request body names in {@code node_uuid} (or {@code node_id}) on create. */
    BODY_NODE,
    /** An allocation, whose own owner is the target. */
    ALLOCATION
}
