package dev.ferrum.conductor.network;

import dev.ferrum.conductor.json.JsonDict;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A port or a portgroup as VIF attachment sees it (Ironic's "port-like object"): where a tenant VIF can be
 * recorded, in {@code internal_info.tenant_vif_port_id}. {@code portgroup} is the group a port belongs to.
 */
public record PortLike(Kind kind, UUID uuid, Optional<UUID> portgroup, Optional<String> physicalNetwork,
                       boolean pxeEnabled, JsonDict internalInfo) {

    /** The key Ironic records a tenant VIF under. */
    public static final String TENANT_VIF_KEY = "tenant_vif_port_id";

    /** What the object is; the names are Ironic's object types, as its error messages give them. */
    public enum Kind {
        PORT("Port"),
        PORTGROUP("Portgroup");

        private final String typeName;

        Kind(String typeName) {
            this.typeName = typeName;
        }

        public String typeName() {
            return typeName;
        }
    }

    public PortLike {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(portgroup, "portgroup");
        Objects.requireNonNull(physicalNetwork, "physicalNetwork");
        Objects.requireNonNull(internalInfo, "internalInfo");
    }

    /** The tenant VIF attached here, if any. */
    public Optional<String> tenantVif() {
        return internalInfo.string(TENANT_VIF_KEY);
    }
}
