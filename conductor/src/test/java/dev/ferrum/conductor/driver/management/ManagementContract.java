package dev.ferrum.conductor.driver.management;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import org.junit.jupiter.api.Test;

/**
 * What every management interface must do, run against each implementation: a valid node is told
 * to boot from PXE, then disk, and the BMC reports the device back.
 */
public abstract class ManagementContract {

    protected abstract ManagementInterface management();

    protected abstract Node node();

    @Test
    void aConfiguredNodeIsValidAndSupportsPxeAndDisk() {
        assertThat(management().validate(node()).isValid()).isTrue();
        assertThat(management().supportedBootDevices(node())).contains(BootDevice.PXE, BootDevice.DISK);
    }

    @Test
    void theBootDeviceSetIsTheOneReported() {
        Node node = node();
        management().setBootDevice(node, BootDevice.PXE, false);
        assertThat(management().bootDevice(node).device()).contains(BootDevice.PXE);
        management().setBootDevice(node, BootDevice.DISK, true);
        assertThat(management().bootDevice(node).device()).contains(BootDevice.DISK);
    }
}
