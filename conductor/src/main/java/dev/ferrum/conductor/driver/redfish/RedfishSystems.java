package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.driver.DriverException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the ComputerSystem a node is: {@code redfish_system_id} when given, else the one member of
 * {@code /redfish/v1/Systems}. None, or several without a choice, is a DriverException saying what
 * to set.
 */
final class RedfishSystems {
    static final String COLLECTION = "/redfish/v1/Systems";

    private RedfishSystems() {
    }

    static String path(RedfishClient client, RedfishTarget target) {
        if (target.systemId().isPresent()) {
            String id = target.systemId().get();
            return id.startsWith("/") ? id : COLLECTION + "/" + id;
        }
        JsonNode collection = client.get(target, COLLECTION);
        List<String> members = new ArrayList<>();
        collection.path("Members").forEach(member -> members.add(member.path("@odata.id").asText()));
        if (members.isEmpty()) {
            throw new DriverException("Redfish service " + target.address() + " lists no System under " + COLLECTION
                    + "; check driver_info.redfish_address points at the machine's BMC");
        }
        if (members.size() > 1) {
            throw new DriverException("Redfish service " + target.address() + " has several Systems " + members
                    + "; set driver_info.redfish_system_id to the node's one");
        }
        return members.getFirst();
    }
}
