package dev.ferrum.conductor.driver.boot;

import java.util.Objects;

/**
 * What a node's network boot serves now, as recorded in the store: enough for any conductor to render
 * the node's boot script when the machine asks, whichever conductor prepared it.
 */
public sealed interface BootState {

    /** The agent ramdisk, booted for {@code purpose}. */
    record Ramdisk(RamdiskPurpose purpose) implements BootState {
        public Ramdisk {
            Objects.requireNonNull(purpose, "purpose");
        }
    }

    /** The deployed instance from the local disk. */
    record LocalDisk() implements BootState {
    }

    /** The deployed instance's own kernel and ramdisk over the network. */
    record Netboot(NetbootInstance instance) implements BootState {
        public Netboot {
            Objects.requireNonNull(instance, "instance");
        }
    }
}
