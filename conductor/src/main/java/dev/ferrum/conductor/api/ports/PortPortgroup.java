package dev.ferrum.conductor.api.ports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.portgroup.Portgroup;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.PortgroupStore;
import dev.ferrum.conductor.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * A port's {@code portgroup_uuid} (API 1.24): taken out of create bodies and patches before the rest of
 * the port is read, checked as Ironic does (the portgroup exists and is on the port's node, a PXE port
 * joins only a portgroup that supports standalone ports, all members share one physical network), and
 * written after the port. Also the member listing behind {@code ?portgroup=} and
 * {@code /v1/portgroups/<ident>/ports}.
 */
public final class PortPortgroup {
    private static final String FIELD = "portgroup_uuid";
    static final int SINCE = 24;

    private final Store store;

    public PortPortgroup(Store store) {
        this.store = store;
    }

    /** Removes {@code portgroup_uuid} from a create body and returns the portgroup it names. */
    Optional<UUID> takeFromCreate(ApiCall call, ObjectNode body) {
        JsonNode value = body.remove(FIELD);
        if (value != null && !call.atLeast(1, SINCE)) {
            throw new ApiException(406, "portgroup_uuid needs API version 1." + SINCE + " or later.");
        }
        return value == null || value.isNull() ? Optional.empty() : Optional.of(existing(value));
    }

    static JsonPatch withoutPortgroup(JsonPatch patch) {
        return new JsonPatch(patch.operations().stream().filter(op -> !op.path().get(0).equals(FIELD)).toList());
    }

    /** The port's portgroup after the patch's {@code /portgroup_uuid} operations; empty when it has none. */
    Optional<Optional<UUID>> patched(ApiCall call, JsonPatch patch, Port port) {
        List<JsonPatch.Operation> ops = patch.operations().stream().filter(op -> op.path().get(0).equals(FIELD))
                .toList();
        if (ops.isEmpty()) {
            return Optional.empty();
        }
        if (!call.atLeast(1, SINCE)) {
            throw new ApiException(406, "portgroup_uuid needs API version 1." + SINCE + " or later.");
        }
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put(FIELD, store.portgroups().portgroupOf(port.uuid()).map(UUID::toString).orElse(null));
        new JsonPatch(ops).applyTo(document);
        JsonNode value = document.get(FIELD);
        return Optional.of(value == null || value.isNull() ? Optional.empty() : Optional.of(existing(value)));
    }

    /** The port's current portgroup. */
    Optional<UUID> current(UUID port) {
        return store.portgroups().portgroupOf(port);
    }

    /**
     * Checks {@code port} may sit in {@code portgroup}; {@code joining} says whether its membership,
     * PXE flag or physical network changes (Ironic checks only then).
     */
    void check(Port port, Optional<UUID> portgroup, boolean joining) {
        if (portgroup.isEmpty() || !joining) {
            return;
        }
        Portgroup group = store.portgroups().get(portgroup.get().toString());
        if (!group.nodeUuid().equals(port.nodeUuid())) {
            throw new InvalidInputException("Port can not be added to a portgroup belonging to a different node.");
        }
        if (port.pxeEnabled() && !group.standalonePortsSupported()) {
            throw new ConflictException("Port group " + group.uuid() + " doesn't support standalone ports. This port"
                    + " cannot be a member of that portgroup as the port's 'pxe_enabled' field is set to True.");
        }
        Set<String> networks = new TreeSet<>();
        for (PortgroupStore.Member member : store.portgroups().members(group.uuid())) {
            if (!member.port().equals(port.uuid())) {
                networks.add(member.physicalNetwork().orElse("None"));
            }
        }
        if (networks.isEmpty()) {
            return;
        }
        String groupNetwork = networks.iterator().next();
        String portNetwork = port.physicalNetwork().orElse("None");
        if (networks.size() > 1 || !groupNetwork.equals(portNetwork)) {
            throw new ConflictException("Port with physical network " + portNetwork + " cannot become a member of"
                    + " port group " + group.uuid() + " which has ports in physical network "
                    + String.join(", ", networks) + ".");
        }
    }

    void assign(UUID port, Optional<UUID> portgroup) {
        store.portgroups().assignPort(port, portgroup);
    }

    /** The {@code ?portgroup=} filter of port listings, which Ironic accepts from 1.24 (406 before). */
    Page<Port> filter(ApiCall call, String ident, Optional<UUID> node, int limit) {
        if (!call.atLeast(1, SINCE)) {
            throw new ApiException(406, "Filtering ports by portgroup needs API version 1." + SINCE + " or later.");
        }
        return members(ident, node, limit, dev.ferrum.conductor.api.Paging.marker(call));
    }

    /** A page of the ports in the portgroup {@code ident} names, in uuid order after {@code marker}. */
    public Page<Port> members(String ident, Optional<UUID> node, int limit, Optional<UUID> marker) {
        Portgroup group = store.portgroups().get(ident);
        List<Port> ports = new ArrayList<>();
        for (PortgroupStore.Member member : store.portgroups().members(group.uuid())) {
            if (marker.isPresent() && member.port().toString().compareTo(marker.get().toString()) <= 0) {
                continue;
            }
            Optional<Port> port = store.ports().find(member.port());
            if (port.isPresent() && (node.isEmpty() || port.get().nodeUuid().equals(node.get()))) {
                ports.add(port.get());
            }
            if (ports.size() == limit) {
                break;
            }
        }
        return new Page<>(ports, ports.size() == limit ? Optional.of(ports.get(limit - 1).uuid()) : Optional.empty());
    }

    private UUID existing(JsonNode value) {
        if (!value.isTextual()) {
            throw new InvalidInputException("Expected a UUID for portgroup_uuid but received " + value + ".");
        }
        UUID uuid;
        try {
            uuid = UUID.fromString(value.asText());
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("Expected a UUID for portgroup_uuid but received " + value.asText() + ".");
        }
        if (store.portgroups().find(uuid.toString()).isEmpty()) {
            throw new InvalidInputException("Portgroup " + uuid + " could not be found.");
        }
        return uuid;
    }
}
