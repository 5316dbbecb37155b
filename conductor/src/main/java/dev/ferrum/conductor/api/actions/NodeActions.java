package dev.ferrum.conductor.api.actions;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the API asks the conductor's flows to do to a node. The API has already checked the request's
 * shape and that the provision verb is allowed in the node's state; implementations start the work
 * (asynchronously in the real conductor), take the node's lock themselves, and throw the conductor's
 * exceptions ({@code InvalidStateException}, {@code NodeLockedException}, …) when they refuse.
 */
public interface NodeActions {

    /** Starts the provision verb in {@code request} on {@code node}. */
    void provision(Node node, ProvisionRequest request);

    /** Moves the node's power towards {@code target}; {@code timeout} bounds soft power actions. */
    void setPower(Node node, PowerState target, Optional<Duration> timeout);

    /** Each interface's verdict on the node's configuration, in Ironic's interface order. */
    List<InterfaceValidation> validate(Node node);

    /** Sets or clears maintenance mode; {@code reason} is kept while on. */
    void setMaintenance(Node node, boolean on, Optional<String> reason);

    /** Sets the next boot device ({@code pxe}, {@code disk}, …), once or for every boot. */
    void setBootDevice(Node node, String device, boolean persistent);

    /** The boot device as the BMC reports it. */
    BootDevice bootDevice(Node node);

    /** The boot devices the node's management interface can set. */
    List<String> supportedBootDevices(Node node);
}
