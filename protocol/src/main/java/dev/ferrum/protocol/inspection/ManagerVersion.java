package dev.ferrum.protocol.inspection;

import dev.ferrum.protocol.json.WireValues;

/** A hardware manager the agent ran with, by name, and its version. */
public record ManagerVersion(String name, String version) {

    public ManagerVersion {
        WireValues.requireText(name, "hardware manager name");
        version = version == null ? "" : version;
    }
}
