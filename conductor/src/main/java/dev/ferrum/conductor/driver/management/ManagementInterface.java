package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.node.Node;
import java.util.Set;

/** The management slot: which device a node boots from, set through its BMC. */
public interface ManagementInterface extends DriverInterface {

    /** Boot {@code device} next, or on every boot when {@code persistent}. */
    void setBootDevice(Node node, BootDevice device, boolean persistent);

    /** What the BMC reports the node will boot from. */
    BootDeviceSetting bootDevice(Node node);

    /** The devices {@link #setBootDevice} accepts for this node. */
    Set<BootDevice> supportedBootDevices(Node node);
}
