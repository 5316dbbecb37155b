package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.firmware.FirmwareInterface;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.firmware.FirmwareComponent;
import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code redfish} firmware: the service's UpdateService. The node's components are the FirmwareInventory
 * items related to its System (or related to nothing), named by their lower-cased {@code Name} ({@code bios},
 * {@code bmc}); an update posts {@code UpdateService.SimpleUpdate} with the image URL and the item as target,
 * and after the reset the inventory's versions are recorded, each updated component flashed.
 */
public final class RedfishFirmware implements FirmwareInterface {
    private static final String UPDATE_SERVICE = "/redfish/v1/UpdateService";

    private final RedfishClient client;

    public RedfishFirmware(RedfishClient client) {
        this.client = client;
    }

    @Override
    public String name() {
        return "redfish";
    }

    @Override
    public Validation validate(Node node) {
        return RedfishTarget.validate(node);
    }

    /** An inventory item of the node: its path and version. */
    private record Item(String path, String version) {
    }

    @Override
    public void startUpdates(Node node, List<Update> updates, StepServices services) {
        RedfishTarget target = RedfishTarget.from(node);
        Map<String, Item> inventory = inventory(target);
        inventory.forEach((component, item) -> services.store().firmware().record(node.uuid(), component,
                item.version(), false));
        String action = client.get(target, UPDATE_SERVICE).path("Actions").path("#UpdateService.SimpleUpdate")
                .path("target").asText(UPDATE_SERVICE + "/Actions/UpdateService.SimpleUpdate");
        for (Update update : updates) {
            Item item = inventory.get(update.component().toLowerCase(Locale.ROOT));
            if (item == null) {
                throw new DriverException("firmware component " + update.component() + " is not in the BMC's"
                        + " FirmwareInventory for this node (it has " + inventory.keySet() + "); name one of those");
            }
            ObjectNode body = RedfishClient.object().put("ImageURI", update.url());
            body.putArray("Targets").add(item.path());
            try {
                client.post(target, action, body);
            } catch (DriverException e) {
                throw new DriverException("the BMC refused the " + update.component() + " image " + update.url()
                        + ": " + e.getMessage() + "; check the image is for that component and reachable from the BMC,"
                        + " then run the step again", e);
            }
        }
    }

    @Override
    public void recordAfterUpdate(Node node, List<Update> updates, StepServices services) {
        Map<String, Item> inventory = inventory(RedfishTarget.from(node));
        List<String> unchanged = new ArrayList<>();
        for (Update update : updates) {
            String component = update.component().toLowerCase(Locale.ROOT);
            String before = services.store().firmware().find(node.uuid(), component)
                    .map(FirmwareComponent::currentVersion).orElse("");
            Item now = inventory.get(component);
            if (now == null || now.version().equals(before)) {
                unchanged.add(component + " (still " + before + ")");
            }
        }
        inventory.forEach((component, item) -> services.store().firmware().record(node.uuid(), component,
                item.version(), updates.stream().anyMatch(u -> u.component().equalsIgnoreCase(component))
                        && !unchanged.stream().anyMatch(u -> u.startsWith(component + " "))));
        if (!unchanged.isEmpty()) {
            throw new DriverException("after the reboot the firmware of " + unchanged + " did not change; check the"
                    + " BMC's update log (UpdateService tasks) and the image, then run the step again");
        }
    }

    private Map<String, Item> inventory(RedfishTarget target) {
        String system = RedfishSystems.path(client, target);
        String collection = client.get(target, UPDATE_SERVICE).path("FirmwareInventory").path("@odata.id")
                .asText(UPDATE_SERVICE + "/FirmwareInventory");
        Map<String, Item> out = new LinkedHashMap<>();
        for (JsonNode member : client.get(target, collection).path("Members")) {
            String path = member.path("@odata.id").asText();
            JsonNode item = client.get(target, path);
            JsonNode related = item.path("RelatedItem");
            boolean ours = !related.isArray() || related.isEmpty()
                    || related.findValuesAsText("@odata.id").contains(system);
            if (ours && item.path("Name").isTextual() && item.path("Version").isTextual()) {
                out.put(item.get("Name").asText().toLowerCase(Locale.ROOT), new Item(path, item.get("Version").asText()));
            }
        }
        return out;
    }
}
