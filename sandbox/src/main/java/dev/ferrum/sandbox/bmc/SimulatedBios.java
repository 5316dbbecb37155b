package dev.ferrum.sandbox.bmc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One machine's BIOS as a Redfish BMC shows it: the current {@code Attributes}, the pending ones written to
 * the {@code Settings} resource (applied at the System's next reset, as real firmware does), a
 * {@code Bios.ResetBios} action that makes the factory values pending, and an attribute registry saying what
 * each attribute may hold. Thread-safe.
 */
final class SimulatedBios {
    static final String REGISTRY = "BiosAttributeRegistry.v1_0_0";

    /** One registry entry: an enumeration with its allowed values, or a read-only string. */
    private record Attribute(String name, String type, List<String> allowed, boolean readOnly, String factory) {
    }

    private static final List<Attribute> ATTRIBUTES = List.of(
            new Attribute("BootMode", "Enumeration", List.of("Uefi", "Bios"), false, "Uefi"),
            new Attribute("ProcVirtualization", "Enumeration", List.of("Enabled", "Disabled"), false, "Enabled"),
            new Attribute("SriovGlobalEnable", "Enumeration", List.of("Enabled", "Disabled"), false, "Disabled"),
            new Attribute("SystemModelName", "String", List.of(), true, "Simulated Server"));

    private final Map<String, String> current = new LinkedHashMap<>();
    private final Map<String, String> pending = new LinkedHashMap<>();

    SimulatedBios() {
        ATTRIBUTES.forEach(a -> current.put(a.name(), a.factory()));
    }

    synchronized ObjectNode bios(ObjectMapper json, String path) {
        ObjectNode bios = json.createObjectNode().put("@odata.id", path).put("@odata.type", "#Bios.v1_1_0.Bios")
                .put("Id", "BIOS").put("Name", "BIOS Configuration").put("AttributeRegistry", REGISTRY);
        ObjectNode attributes = bios.putObject("Attributes");
        current.forEach(attributes::put);
        bios.putObject("@Redfish.Settings").putObject("SettingsObject").put("@odata.id", path + "/Settings");
        bios.putObject("Actions").putObject("#Bios.ResetBios").put("target", path + "/Actions/Bios.ResetBios");
        return bios;
    }

    synchronized ObjectNode settings(ObjectMapper json, String path) {
        ObjectNode settings = json.createObjectNode().put("@odata.id", path).put("Id", "Settings");
        ObjectNode attributes = settings.putObject("Attributes");
        pending.forEach(attributes::put);
        return settings;
    }

    /**
     * Makes {@code attributes} pending; an unknown, read-only or disallowed one refuses the whole request
     * (the message names it) and changes nothing.
     */
    synchronized void patch(JsonNode attributes) {
        if (!attributes.isObject() || attributes.isEmpty()) {
            throw new IllegalArgumentException("the body needs a non-empty Attributes object");
        }
        Map<String, String> accepted = new LinkedHashMap<>();
        for (var entry : attributes.properties()) {
            Attribute attribute = ATTRIBUTES.stream().filter(a -> a.name().equals(entry.getKey())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown BIOS attribute " + entry.getKey()));
            String value = entry.getValue().asText();
            if (attribute.readOnly()) {
                throw new IllegalArgumentException("BIOS attribute " + attribute.name() + " is read-only");
            }
            if (!attribute.allowed().isEmpty() && !attribute.allowed().contains(value)) {
                throw new IllegalArgumentException("BIOS attribute " + attribute.name() + " cannot be '" + value
                        + "'; allowed: " + attribute.allowed());
            }
            accepted.put(attribute.name(), value);
        }
        pending.putAll(accepted);
    }

    /** {@code Bios.ResetBios}: every attribute's factory value becomes pending. */
    synchronized void resetToFactory() {
        ATTRIBUTES.stream().filter(a -> !a.readOnly()).forEach(a -> pending.put(a.name(), a.factory()));
    }

    /** The System reset: pending values take effect. */
    synchronized void applyPending() {
        current.putAll(pending);
        pending.clear();
    }

    synchronized String value(String name) {
        return current.get(name);
    }

    static ObjectNode registry(ObjectMapper json, String path) {
        ObjectNode registry = json.createObjectNode().put("@odata.id", path).put("@odata.type",
                "#AttributeRegistry.v1_3_0.AttributeRegistry").put("Id", REGISTRY).put("RegistryVersion", "1.0.0");
        var list = registry.putObject("RegistryEntries").putArray("Attributes");
        for (Attribute a : ATTRIBUTES) {
            ObjectNode entry = list.addObject().put("AttributeName", a.name()).put("Type", a.type())
                    .put("ReadOnly", a.readOnly()).put("ResetRequired", true);
            if (!a.allowed().isEmpty()) {
                var values = entry.putArray("Value");
                a.allowed().forEach(v -> values.addObject().put("ValueName", v).put("ValueDisplayName", v));
            }
        }
        return registry;
    }
}
