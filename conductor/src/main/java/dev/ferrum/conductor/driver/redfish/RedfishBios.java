package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.bios.BiosInterface;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code redfish} BIOS: the System's {@code Bios} resource. Settings are written to its {@code Settings}
 * resource ({@code @Redfish.Settings}), factory values requested with {@code Bios.ResetBios}; both take
 * effect at the System's next reset, so the flow reboots the node and then this reads {@code Attributes}
 * back, with the entries of the attribute registry the Bios resource names (when the service serves it).
 */
public final class RedfishBios implements BiosInterface {
    private final RedfishClient client;

    public RedfishBios(RedfishClient client) {
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

    @Override
    public boolean appliesAtReset() {
        return true;
    }

    @Override
    public List<Reading> read(Node node, StepServices services) {
        RedfishTarget target = RedfishTarget.from(node);
        JsonNode bios = client.get(target, biosPath(target));
        Map<String, BiosSetting.Registry> registry = registry(target, bios.path("AttributeRegistry").asText(""));
        List<Reading> out = new ArrayList<>();
        bios.path("Attributes").properties().forEach(e -> out.add(new Reading(e.getKey(),
                e.getValue().isNull() ? Optional.empty() : Optional.of(e.getValue().asText()),
                registry.getOrDefault(e.getKey(), BiosSetting.Registry.unknown()))));
        return out;
    }

    @Override
    public void applyConfiguration(Node node, Map<String, String> settings, StepServices services) {
        RedfishTarget target = RedfishTarget.from(node);
        String path = biosPath(target);
        JsonNode bios = client.get(target, path);
        String settingsPath = bios.path("@Redfish.Settings").path("SettingsObject").path("@odata.id")
                .asText(path + "/Settings");
        ObjectNode body = RedfishClient.object();
        ObjectNode attributes = body.putObject("Attributes");
        settings.forEach(attributes::put);
        try {
            client.patch(target, settingsPath, body);
        } catch (DriverException e) {
            throw new DriverException("the BMC refused the BIOS settings " + settings.keySet() + ": " + e.getMessage()
                    + "; check the names and values against GET /v1/nodes/" + node.uuid() + "/bios (allowable_values)"
                    + " and run the step again", e);
        }
    }

    @Override
    public void factoryReset(Node node, StepServices services) {
        RedfishTarget target = RedfishTarget.from(node);
        String path = biosPath(target);
        JsonNode bios = client.get(target, path);
        String action = bios.path("Actions").path("#Bios.ResetBios").path("target")
                .asText(path + "/Actions/Bios.ResetBios");
        client.post(target, action, RedfishClient.object());
    }

    @Override
    public void verifyApplied(Node node, Map<String, String> settings, StepServices services) {
        JsonNode current = client.get(RedfishTarget.from(node), biosPath(RedfishTarget.from(node))).path("Attributes");
        List<String> missed = new ArrayList<>();
        settings.forEach((name, value) -> {
            if (!current.path(name).asText("").equals(value)) {
                missed.add(name + " (wanted " + value + ", is " + current.path(name).asText("unset") + ")");
            }
        });
        if (!missed.isEmpty()) {
            throw new DriverException("after the reboot the BIOS settings " + missed + " did not take effect; check"
                    + " the BMC's pending settings and its firmware log, then run the step again");
        }
    }

    private String biosPath(RedfishTarget target) {
        String system = RedfishSystems.path(client, target);
        JsonNode resource = client.get(target, system);
        return resource.path("Bios").path("@odata.id").asText(system + "/Bios");
    }

    /** The registry's entries by attribute name; empty when the service does not serve the registry. */
    private Map<String, BiosSetting.Registry> registry(RedfishTarget target, String id) {
        Map<String, BiosSetting.Registry> out = new HashMap<>();
        if (id.isBlank()) {
            return out;
        }
        JsonNode registry;
        try {
            registry = client.get(target, "/redfish/v1/Registries/" + id);
            // A registry file may only point at the registry itself.
            String location = registry.path("Location").path(0).path("Uri").asText("");
            if (!registry.has("RegistryEntries") && !location.isBlank()) {
                registry = client.get(target, location);
            }
        } catch (DriverException e) {
            return out;
        }
        registry.path("RegistryEntries").path("Attributes").forEach(entry -> {
            List<String> values = new ArrayList<>();
            entry.path("Value").forEach(v -> values.add(v.path("ValueName").asText()));
            out.put(entry.path("AttributeName").asText(), new BiosSetting.Registry(
                    text(entry, "Type"), values.isEmpty() ? Optional.empty() : Optional.of(values),
                    number(entry, "LowerBound"), number(entry, "MaxLength"), number(entry, "MinLength"),
                    bool(entry, "ReadOnly"), bool(entry, "ResetRequired"), bool(entry, "IsSystemUniqueProperty"),
                    number(entry, "UpperBound")));
        });
        return out;
    }

    private static Optional<String> text(JsonNode entry, String field) {
        return entry.path(field).isTextual() ? Optional.of(entry.get(field).asText()) : Optional.empty();
    }

    private static Optional<Long> number(JsonNode entry, String field) {
        return entry.path(field).isNumber() ? Optional.of(entry.get(field).asLong()) : Optional.empty();
    }

    private static Optional<Boolean> bool(JsonNode entry, String field) {
        return entry.path(field).isBoolean() ? Optional.of(entry.get(field).asBoolean()) : Optional.empty();
    }
}
