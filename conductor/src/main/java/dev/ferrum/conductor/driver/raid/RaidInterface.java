package dev.ferrum.conductor.driver.raid;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

/**
 * A driver's RAID slot, as far as the API reaches it: what a logical disk of a target RAID configuration
 * may say ({@code GET /v1/drivers/<d>/raid/logical_disk_properties}) and whether a target configuration is
 * acceptable before it is stored on the node.
 */
public interface RaidInterface {

    /** Each logical-disk property a target configuration may use, with its description, in schema order. */
    Map<String, String> logicalDiskProperties();

    /**
     * Checks {@code targetRaidConfig} for {@code node}; {@code InvalidInputException} saying what is wrong, or
     * {@link dev.ferrum.conductor.driver.UnsupportedExtensionException} when the slot does not do RAID.
     */
    void validateRaidConfig(Node node, JsonDict targetRaidConfig);
}
