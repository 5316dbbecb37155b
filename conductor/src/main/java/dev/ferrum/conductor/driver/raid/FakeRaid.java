package dev.ferrum.conductor.driver.raid;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

/** fake-hardware's RAID slot ({@code fake}): accepts any configuration the common schema accepts. */
public final class FakeRaid implements RaidInterface {
    @Override
    public Map<String, String> logicalDiskProperties() {
        return RaidSchema.logicalDiskProperties();
    }

    @Override
    public void validateRaidConfig(Node node, JsonDict targetRaidConfig) {
        RaidSchema.validate(targetRaidConfig);
    }
}
