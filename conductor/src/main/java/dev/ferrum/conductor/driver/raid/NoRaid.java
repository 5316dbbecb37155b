package dev.ferrum.conductor.driver.raid;

import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

/**
 * The empty RAID slot ({@code no-raid}): it still describes the common logical-disk properties, as Ironic's
 * does, but refuses every configuration as an unsupported extension.
 */
public final class NoRaid implements RaidInterface {
    @Override
    public Map<String, String> logicalDiskProperties() {
        return RaidSchema.logicalDiskProperties();
    }

    @Override
    public void validateRaidConfig(Node node, JsonDict targetRaidConfig) {
        throw new UnsupportedExtensionException(node.driver(), "raid");
    }
}
