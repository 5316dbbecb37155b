package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Locale;
import java.util.Objects;

/**
 * The per-node knobs Ironic sends for an erase, under the names and defaults IPA uses in
 * {@code driver_internal_info}: {@code agent_erase_devices_iterations} (random passes, default 1),
 * {@code agent_erase_devices_zeroize} (final zero pass, default true),
 * {@code agent_enable_nvme_secure_erase} and {@code agent_enable_ata_secure_erase} (default true),
 * {@code agent_continue_if_secure_erase_failed} (overwrite when a drive's own erase fails, default
 * false; the deprecated {@code agent_continue_if_ata_erase_failed} counts when it is absent),
 * {@code agent_erase_skip_read_only} (skip rather than fail read-only disks, default false),
 * {@code disk_erasure_concurrency} (disks erased at once, default 1), and the node's
 * {@code properties.skip_block_devices}.
 */
public record EraseOptions(
        int randomPasses,
        boolean zeroize,
        boolean enableNvmeSecureErase,
        boolean enableAtaSecureErase,
        boolean continueIfSecureEraseFailed,
        boolean skipReadOnly,
        int concurrency,
        SkipList skipList) {

    /** IPA's defaults when the conductor sends nothing. */
    public static final EraseOptions DEFAULTS = new EraseOptions(1, true, true, true, false, false, 1, SkipList.EMPTY);

    public EraseOptions {
        Objects.requireNonNull(skipList, "skipList");
        if (randomPasses < 0) {
            throw new DiskEraseException("agent_erase_devices_iterations must not be negative, got " + randomPasses);
        }
        if (randomPasses == 0 && !zeroize) {
            // shred would accept this and write nothing; an "erase" that erases nothing must not pass.
            throw new DiskEraseException("agent_erase_devices_iterations=0 with agent_erase_devices_zeroize=false"
                    + " would overwrite nothing; set at least one pass or enable zeroize");
        }
        if (concurrency < 1) {
            throw new DiskEraseException("disk_erasure_concurrency must be at least 1, got " + concurrency);
        }
    }

    /**
     * Reads the options from a node document as the conductor sends it with a clean step
     * ({@code driver_internal_info} and {@code properties}); absent keys take IPA's defaults.
     *
     * @throws DiskEraseException naming the key when a value has the wrong type
     */
    public static EraseOptions fromNode(JsonNode node) {
        JsonNode info = child(node, "driver_internal_info");
        JsonNode properties = child(node, "properties");
        JsonNode continueFlag = info.path("agent_continue_if_secure_erase_failed");
        String continueKey = "agent_continue_if_secure_erase_failed";
        if (continueFlag.isMissingNode() || continueFlag.isNull()) {
            // IPA reads the deprecated ATA-only name when the newer one is absent (older conductors).
            continueKey = "agent_continue_if_ata_erase_failed";
        }
        return new EraseOptions(
                integer(info, "agent_erase_devices_iterations", DEFAULTS.randomPasses),
                bool(info, "agent_erase_devices_zeroize", DEFAULTS.zeroize),
                bool(info, "agent_enable_nvme_secure_erase", DEFAULTS.enableNvmeSecureErase),
                bool(info, "agent_enable_ata_secure_erase", DEFAULTS.enableAtaSecureErase),
                bool(info, continueKey, DEFAULTS.continueIfSecureEraseFailed),
                bool(info, "agent_erase_skip_read_only", DEFAULTS.skipReadOnly),
                integer(info, "disk_erasure_concurrency", DEFAULTS.concurrency),
                SkipList.fromJson(properties.get("skip_block_devices")));
    }

    /** The same options with another skip list. */
    public EraseOptions withSkipList(SkipList newSkipList) {
        return new EraseOptions(randomPasses, zeroize, enableNvmeSecureErase, enableAtaSecureErase,
                continueIfSecureEraseFailed, skipReadOnly, concurrency, newSkipList);
    }

    /** The same options erasing {@code disks} disks at once. */
    public EraseOptions withConcurrency(int disks) {
        return new EraseOptions(randomPasses, zeroize, enableNvmeSecureErase, enableAtaSecureErase,
                continueIfSecureEraseFailed, skipReadOnly, disks, skipList);
    }

    private static JsonNode child(JsonNode node, String key) {
        if (node == null) {
            return MissingNode.getInstance();
        }
        return node.path(key);
    }

    private static boolean bool(JsonNode info, String key, boolean fallback) {
        JsonNode value = info.path(key);
        if (value.isMissingNode() || value.isNull()) {
            return fallback;
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isTextual()) {
            switch (value.textValue().strip().toLowerCase(Locale.ROOT)) {
                case "true", "1", "yes", "on" -> {
                    return true;
                }
                case "false", "0", "no", "off" -> {
                    return false;
                }
                default -> {
                    // fall through to the error below
                }
            }
        }
        throw new DiskEraseException("driver_internal_info." + key + " must be a boolean, got " + value);
    }

    private static int integer(JsonNode info, String key, int fallback) {
        JsonNode value = info.path(key);
        if (value.isMissingNode() || value.isNull()) {
            return fallback;
        }
        if (value.isIntegralNumber() && value.canConvertToInt()) {
            return value.intValue();
        }
        if (value.isTextual() && value.textValue().strip().matches("-?\\d{1,9}")) {
            return Integer.parseInt(value.textValue().strip());
        }
        throw new DiskEraseException("driver_internal_info." + key + " must be a whole number, got " + value);
    }
}
