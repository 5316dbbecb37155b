package dev.ferrum.conductor.driver.rescue;

import dev.ferrum.conductor.driver.NodeTask;
import dev.ferrum.conductor.node.Node;

/**
 * What a rescue method may ask of the conductor, besides the node moves every slot has: the in-band
 * end of a rescue (the agent sets the password and locks itself down) and the boot back into the instance.
 */
public interface RescueTask extends NodeTask {

    /**
     * Asks the agent in the rescue ramdisk to finalize the rescue with the node's hashed rescue password,
     * then takes the ramdisk boot away and lands the node in {@code rescue}; a refusal fails the rescue.
     */
    Node finalizeAgentRescue(Node node);

    /**
     * Powers the node off, forgets the rescue password and the agent, makes the node boot its disk and
     * powers it on again, landing in {@code active}.
     */
    Node bootInstance(Node node);
}
