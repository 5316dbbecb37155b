package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.NodeHardware;

/**
 * Whether a node's {@code target_raid_config} asks for software RAID, Ironic's test in
 * {@code configure_local_boot}: any logical disk with {@code "controller": "software"}. The root then
 * sits on an md device, and its bootloader has to go on the array's holder disks.
 */
final class SoftwareRaidTarget {

    private SoftwareRaidTarget() {
    }

    static boolean requested(NodeHardware hardware) {
        return hardware.targetRaidConfig().get("logical_disks").map(SoftwareRaidTarget::anySoftware).orElse(false);
    }

    private static boolean anySoftware(JsonNode disks) {
        for (JsonNode disk : disks) {
            if (disk.path("controller").asText("").equals("software")) {
                return true;
            }
        }
        return false;
    }
}
