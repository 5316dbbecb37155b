package dev.ferrum.protocol.command;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How the agent erases disks in cleaning, sent as Ironic sends it: in the {@code driver_internal_info}
 * of the node given with each clean command, under the keys IPA (and Ferrum's agent) read. Without them
 * an agent falls back to its own defaults, which differ from Ironic's in one place: IPA erases one disk
 * at a time, Ironic asks for four.
 *
 * @param passes random overwrite passes ({@code agent_erase_devices_iterations})
 * @param zeroize a final pass of zeros ({@code agent_erase_devices_zeroize})
 * @param continueIfSecureEraseFailed overwrite when a drive's own erase fails
 * @param nvmeSecureErase use NVMe format when the drive supports it
 * @param ataSecureErase use ATA secure erase when the drive supports it
 * @param concurrency disks erased at once ({@code disk_erasure_concurrency})
 * @param skipReadOnly skip read-only disks rather than fail
 */
public record EraseSettings(int passes, boolean zeroize, boolean continueIfSecureEraseFailed, boolean nvmeSecureErase,
                     boolean ataSecureErase, int concurrency, boolean skipReadOnly) {

    /** Ironic's {@code [deploy]} defaults. */
    public static final EraseSettings IRONIC_DEFAULTS = new EraseSettings(1, true, false, true, true, 4, false);

    public EraseSettings {
        if (passes < 0 || (passes == 0 && !zeroize)) {
            throw new IllegalArgumentException("an erase needs at least one pass or zeroize, got passes=" + passes);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("disk erasure concurrency must be at least 1, got " + concurrency);
        }
    }

    /** Writes the settings into a node's {@code driver_internal_info} as sent to the agent. */
    public void writeTo(ObjectNode driverInternalInfo) {
        driverInternalInfo.put("agent_erase_devices_iterations", passes)
                .put("agent_erase_devices_zeroize", zeroize)
                .put("agent_continue_if_secure_erase_failed", continueIfSecureEraseFailed)
                // The deprecated ATA-only name, still read by agents older than the name above.
                .put("agent_continue_if_ata_erase_failed", continueIfSecureEraseFailed)
                .put("agent_enable_nvme_secure_erase", nvmeSecureErase)
                .put("agent_enable_ata_secure_erase", ataSecureErase)
                .put("disk_erasure_concurrency", concurrency)
                .put("agent_erase_skip_read_only", skipReadOnly);
    }
}
