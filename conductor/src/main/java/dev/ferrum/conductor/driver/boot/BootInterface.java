package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.DriverInterface;

/**
 * The boot slot: what a node gets when it network-boots. Either the agent ramdisk for a purpose,
 * or, once deployed, its local disk; {@link #cleanUpRamdisk} takes its boot away again.
 */
public interface BootInterface extends DriverInterface {

    /** Serve the agent ramdisk to the node's MACs for {@code purpose}. */
    void prepareRamdisk(BootTarget target, RamdiskPurpose purpose);

    /** Stop serving the ramdisk to the node's MACs. */
    void cleanUpRamdisk(BootTarget target);

    /** Make the node's next network boot hand over to its local disk (the deployed instance). */
    void prepareInstance(BootTarget target);
}
