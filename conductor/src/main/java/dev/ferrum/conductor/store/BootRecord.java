package dev.ferrum.conductor.store;

import java.util.Objects;
import java.util.Optional;

/**
 * A node's boot as {@code node_boot_states} keeps it: the mode ({@code ramdisk}, {@code local} or
 * {@code netboot}) and the fields that mode uses. The boot slot turns it into its own {@code BootState};
 * the store only keeps it.
 */
public record BootRecord(String mode, Optional<String> purpose, Optional<String> kernel, Optional<String> ramdisk,
                         Optional<String> rootUuid) {
    public BootRecord {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(purpose, "purpose");
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(ramdisk, "ramdisk");
        Objects.requireNonNull(rootUuid, "rootUuid");
    }
}
