package dev.ferrum.hardware.spi;

import java.util.List;
import java.util.Optional;

/**
 * A RAID configuration as Ironic writes it ({@code {"logical_disks": [...]}}): what the node's
 * {@code target_raid_config} asks for, and what {@code create_configuration} reports as built (the
 * conductor stores it as the node's {@code raid_config}). Software and hardware RAID report in this
 * one shape.
 */
public record RaidConfiguration(List<LogicalDisk> logicalDisks) {

    public RaidConfiguration {
        logicalDisks = logicalDisks == null ? List.of() : List.copyOf(logicalDisks);
    }

    /**
     * The node's {@code target_raid_config}, as the conductor sent it with the step; refuses a node
     * that has none, since there is nothing to build.
     */
    public static RaidConfiguration targetOf(StepNode node, String step) {
        RaidConfiguration target = node.as(TargetView.class).targetRaidConfig().orElse(new RaidConfiguration(List.of()));
        if (target.logicalDisks().isEmpty()) {
            throw new HardwareManagerException("step " + step + " found no logical disks in the node's"
                    + " target_raid_config; set one with 'baremetal node set --target-raid-config <file> <node>'"
                    + " and clean again");
        }
        return target;
    }

    /** The part of the node document a RAID step reads. */
    public record TargetView(Optional<RaidConfiguration> targetRaidConfig) {
        public TargetView {
            targetRaidConfig = targetRaidConfig == null ? Optional.empty() : targetRaidConfig;
        }
    }
}
