package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.protocol.image.WriteImageArgs;

/**
 * Puts an OS image (and its config drive) on this machine's root disk. The standby and deploy
 * commands call it; the streaming implementation lives in {@code dev.ferrum.agent.deploy}.
 */
public interface ImageDeployer {

    /**
     * Writes the image described by {@code args} to the root disk chosen with the node's
     * {@code properties.root_device} hints, publishing progress while it runs.
     *
     * @return the result document reported to the conductor (disk, bytes, checksum, duration)
     * @throws dev.ferrum.agent.command.CommandFailedException when the image cannot be written
     */
    JsonNode write(WriteImageArgs args, ObjectNode node, JsonProgress progress);

    /**
     * What {@code standby.get_partition_uuids} reports for the last image written: {@code {}} for a
     * whole-disk image, as IPA does, else the root/EFI partition uuids.
     */
    ObjectNode partitionUuids();
}
