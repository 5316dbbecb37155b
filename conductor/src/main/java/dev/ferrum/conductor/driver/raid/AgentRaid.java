package dev.ferrum.conductor.driver.raid;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

/**
 * The in-band RAID slot ({@code agent}): the agent's hardware managers build the configuration in the
 * clean steps {@code raid.delete_configuration}/{@code raid.create_configuration} and the deploy step
 * {@code raid.apply_configuration} (software RAID with mdadm in the generic manager, a vendor manager's
 * controller otherwise). The conductor checks the target against the common schema before storing it,
 * and records what the agent reports ({@code RaidRecording} in the flows).
 */
public final class AgentRaid implements RaidInterface {
    @Override
    public Map<String, String> logicalDiskProperties() {
        return RaidSchema.logicalDiskProperties();
    }

    @Override
    public void validateRaidConfig(Node node, JsonDict targetRaidConfig) {
        RaidSchema.validate(targetRaidConfig);
    }
}
