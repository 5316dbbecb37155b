package dev.ferrum.protocol.inspection;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;

/** {@code GET /v1/introspection}: the status of recent introspections, newest first as the inspector lists them. */
public record IntrospectionList(List<IntrospectionStatus> introspection) {

    public IntrospectionList {
        introspection = WireValues.listOrEmpty(introspection);
    }
}
