package dev.ferrum.conductor.driver.inspect;

import java.util.UUID;

/** Talks to a remote inspection service about one node: start introspection, ask how it went. */
public interface InspectorClient {

    /** {@code POST /v1/introspection/<uuid>}; fails with a DriverException if the service refuses. */
    void start(UUID node);

    /** {@code GET /v1/introspection/<uuid>}. */
    IntrospectionStatus status(UUID node);
}
