package dev.ferrum.hardware.spi;

import java.util.Optional;

/**
 * The arguments of the deploy step {@code raid.apply_configuration}, as IPA takes them: the
 * configuration to build ({@code raid_config}) and whether to remove what exists first
 * ({@code delete_existing}, true when absent).
 */
public record RaidArguments(
        @StepArgument("The RAID configuration to apply") RaidConfiguration raidConfig,
        @StepArgument("Whether to delete the existing RAID configuration first; true when absent")
        Optional<Boolean> deleteExisting) {

    public RaidArguments {
        if (raidConfig == null || raidConfig.logicalDisks().isEmpty()) {
            throw new IllegalArgumentException("raid_config needs at least one logical disk");
        }
        deleteExisting = deleteExisting == null ? Optional.empty() : deleteExisting;
    }

    public boolean deleteFirst() {
        return deleteExisting.orElse(true);
    }
}
