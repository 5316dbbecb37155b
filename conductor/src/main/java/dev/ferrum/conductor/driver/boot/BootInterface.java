package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.DriverException;
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

    /**
     * Make the node's next network boot start the deployed instance's own kernel and ramdisk (a
     * partition image deployed with {@code boot_option: netboot}). Only network boot interfaces can.
     */
    default void prepareNetbootInstance(BootTarget target, NetbootInstance instance) {
        throw new DriverException("Boot interface " + name() + " cannot network-boot node " + target.node().uuid()
                + "'s instance; set its boot_interface to ipxe or pxe, or deploy with the capability boot_option:local.");
    }
}
