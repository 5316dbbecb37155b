package dev.ferrum.conductor.api.ports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.port.Port;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * Renders a port as Ironic does, in its key order, each field from the microversion that added it;
 * the plain listing shows uuid, address and links only.
 */
public final class PortView {
    private final Function<UUID, Optional<UUID>> portgroupOf;
    private final Function<UUID, JsonDict> internalInfo;

    private static final List<String> ALL = List.of("uuid", "created_at", "updated_at", "address", "extra",
            "internal_info", "is_smartnic", "local_link_connection", "physical_network", "pxe_enabled", "node_uuid",
            "links", "portgroup_uuid");
    private static final List<String> SUMMARY = List.of("uuid", "address", "links");

    /** A view whose ports are in no portgroup and show an empty internal_info. */
    public PortView() {
        this(port -> Optional.empty(), port -> JsonDict.empty());
    }

    /**
     * @param portgroupOf the portgroup a port belongs to, for {@code portgroup_uuid}
     * @param internalInfo a port's internal_info (attached VIFs), looked up when the field is shown
     */
    public PortView(Function<UUID, Optional<UUID>> portgroupOf, Function<UUID, JsonDict> internalInfo) {
        this.portgroupOf = portgroupOf;
        this.internalInfo = internalInfo;
    }

    public ObjectNode full(ApiCall call, Port port) {
        return render(call, port, Set.copyOf(ALL));
    }

    public ObjectNode summary(ApiCall call, Port port) {
        return render(call, port, Set.copyOf(SUMMARY));
    }

    public ObjectNode selected(ApiCall call, Port port, Set<String> fields) {
        return render(call, port, fields);
    }

    /** Parses {@code fields=}: a field newer than the request is a 406 (as in Ironic), an unknown one a 400. */
    public Set<String> checkFields(ApiCall call, String parameter) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String field : parameter.split(",")) {
            String name = field.strip();
            if (!name.isEmpty()) {
                wanted.add(name);
            }
        }
        for (String name : wanted) {
            if (ALL.contains(name) && !visible(call, name)) {
                throw new ApiException(406, "The field \"" + name + "\" needs a newer API version than "
                        + call.version() + ".");
            }
        }
        for (String name : wanted) {
            if (!ALL.contains(name)) {
                throw new InvalidInputException("Field(s) \"" + name + "\" are not valid.");
            }
        }
        return wanted;
    }

    /**
     * 406 when {@code field} is a port field set (or removed) below the version that introduced it; Ironic gates
     * all but {@code internal_info}, which no client sets.
     */
    public void rejectNewer(ApiCall call, String field) {
        if (ALL.contains(field) && !field.equals("internal_info") && !visible(call, field)) {
            throw new ApiException(406, "The port field \"" + field + "\" needs a newer API version than "
                    + call.version() + ".");
        }
    }

    private static boolean visible(ApiCall call, String field) {
        return switch (field) {
            case "internal_info" -> call.atLeast(1, 18);
            case "local_link_connection", "pxe_enabled" -> call.atLeast(1, 19);
            case "portgroup_uuid" -> call.atLeast(1, 24);
            case "physical_network" -> call.atLeast(1, 34);
            case "is_smartnic" -> call.atLeast(1, 53);
            default -> true;
        };
    }

    private ObjectNode render(ApiCall call, Port port, Set<String> wanted) {
        ObjectNode out = call.mapper().createObjectNode();
        for (String field : ALL) {
            if (!wanted.contains(field) || !visible(call, field)) {
                continue;
            }
            switch (field) {
                case "uuid" -> out.put(field, port.uuid().toString());
                case "created_at" -> out.put(field, ApiTimes.format(port.createdAt()));
                case "updated_at" -> out.put(field, port.updatedAt().map(ApiTimes::format).orElse(null));
                case "address" -> out.put(field, port.address().value());
                case "extra" -> out.set(field, port.extra().toObjectNode());
                case "internal_info" -> out.set(field, internalInfo.apply(port.uuid()).toObjectNode());
                case "is_smartnic" -> out.put(field, false);
                case "local_link_connection" -> out.set(field, port.localLinkConnection().toObjectNode());
                case "physical_network" -> out.put(field, port.physicalNetwork().orElse(null));
                case "pxe_enabled" -> out.put(field, port.pxeEnabled());
                case "node_uuid" -> out.put(field, port.nodeUuid().toString());
                case "links" -> out.set(field, Links.pair(call, "ports/" + port.uuid()));
                case "portgroup_uuid" -> out.put(field, portgroupOf.apply(port.uuid()).map(UUID::toString).orElse(null));
                default -> out.putNull(field);
            }
        }
        return out;
    }
}
