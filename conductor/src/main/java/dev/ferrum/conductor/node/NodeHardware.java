package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import java.util.Objects;

/**
 * What a node's hardware interfaces were asked for or last reported, beside the node itself: the RAID
 * configuration in place and the one requested ({@code raid_config}, {@code target_raid_config}, API 1.12),
 * and whether its console is on ({@code console_enabled}). A node nobody touched has {@link #initial()}.
 */
public record NodeHardware(JsonDict raidConfig, JsonDict targetRaidConfig, boolean consoleEnabled) {

    public NodeHardware {
        Objects.requireNonNull(raidConfig, "raidConfig");
        Objects.requireNonNull(targetRaidConfig, "targetRaidConfig");
    }

    /** Empty RAID configurations, console off. */
    public static NodeHardware initial() {
        return new NodeHardware(JsonDict.empty(), JsonDict.empty(), false);
    }

    public NodeHardware withTargetRaidConfig(JsonDict target) {
        return new NodeHardware(raidConfig, target, consoleEnabled);
    }

    public NodeHardware withConsoleEnabled(boolean enabled) {
        return new NodeHardware(raidConfig, targetRaidConfig, enabled);
    }
}
