package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.NodeTask;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.node.Node;

/**
 * What a deploy method may ask of the conductor, besides the node moves every slot has: the node's
 * power slot, and the conductor's in-band machinery (the agent's deploy steps, the end of cleaning).
 */
public interface DeployTask extends NodeTask {

    /** The node's power slot. */
    PowerInterface power();

    /**
     * Moves an in-band deploy on after an agent heartbeat: fetches the agent's deploy steps and starts
     * {@code write_image}, or reads how it went, and once the image is written boots the node into it.
     * Returns the node as stored.
     */
    Node continueAgentDeploy(Node node);

    /** Ends cleaning with nothing run in a ramdisk: power off, land in available (or manageable). */
    Node finishCleaning(Node node);

    /** Ends servicing: the instance boots again and the node is active. */
    Node finishServicing(Node node);
}
