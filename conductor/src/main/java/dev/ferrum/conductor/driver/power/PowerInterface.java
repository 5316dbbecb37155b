package dev.ferrum.conductor.driver.power;

import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;

/**
 * The power slot: reads and changes a node's power through its BMC. Calls block until the BMC
 * confirmed the change or failed with a {@link dev.ferrum.conductor.driver.DriverException}.
 */
public interface PowerInterface extends DriverInterface {

    /** The node's power as the BMC reports it now (on or off). */
    PowerState powerState(Node node);

    void powerOn(Node node);

    void powerOff(Node node);

    /** Hard power cycle: the node ends up on, having restarted. */
    void reboot(Node node);
}
