package dev.ferrum.conductor.inspection;

import java.util.List;

/**
 * How reports are processed: the hooks by name in the order they run, and whether values the
 * hooks found replace properties the node already has (inspector's {@code overwrite_existing};
 * off by default here, so operator-set properties survive).
 */
public record InspectionConfig(List<String> hooks, boolean overwriteExisting) {

    public InspectionConfig {
        hooks = List.copyOf(hooks);
    }

    public static InspectionConfig defaults() {
        return new InspectionConfig(List.of("ramdisk_error", "scheduler", "validate_interfaces", "ports", "root_disk",
                "capabilities"), false);
    }
}
