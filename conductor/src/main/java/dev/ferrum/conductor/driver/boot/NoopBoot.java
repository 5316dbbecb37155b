package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

/** The empty boot slot: never valid; preparing a boot fails, cleaning up has nothing to do. */
public final class NoopBoot implements BootInterface {

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.invalid("no boot interface is set; choose one the hardware type allows, e.g. ipxe");
    }

    @Override
    public void prepareRamdisk(BootTarget target, RamdiskPurpose purpose) {
        throw new DriverException("node=" + target.node().uuid() + " has no boot interface to boot the "
                + purpose.name().toLowerCase(java.util.Locale.ROOT) + " ramdisk; set boot_interface, e.g. to ipxe");
    }

    @Override
    public void cleanUpRamdisk(BootTarget target) {
        // Nothing was prepared, so nothing to undo.
    }

    @Override
    public void prepareInstance(BootTarget target) {
        // Without a boot interface the node's own boot order decides; nothing to switch.
    }
}
