package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.util.Set;

/**
 * The management implementations the API reaches for the optional operations (indicators, NMI, boot mode,
 * secure boot) by the name in a node's {@code management_interface}: {@code fake} offers what Ironic's fake
 * offers; the others offer none of them yet, so each such request is refused as an unsupported extension
 * naming the operation. Boot devices go through the conductor's actions, not through here.
 */
public final class ManagementInterfaces {
    private final ManagementInterface fake = new FakeManagement();
    private final ManagementInterface withoutExtensions = new WithoutExtensions();

    public ManagementInterface named(String implementation) {
        return implementation.equals("fake") ? fake : withoutExtensions;
    }

    /** Only the base interface's refusals; boot devices are not reached through this object. */
    private static final class WithoutExtensions implements ManagementInterface {
        @Override
        public String name() {
            return "without-extensions";
        }

        @Override
        public Validation validate(Node node) {
            return Validation.ok();
        }

        @Override
        public void setBootDevice(Node node, BootDevice device, boolean persistent) {
            throw new UnsupportedExtensionException(node.driver(), "set_boot_device");
        }

        @Override
        public BootDeviceSetting bootDevice(Node node) {
            throw new UnsupportedExtensionException(node.driver(), "get_boot_device");
        }

        @Override
        public Set<BootDevice> supportedBootDevices(Node node) {
            throw new UnsupportedExtensionException(node.driver(), "get_supported_boot_devices");
        }
    }
}
