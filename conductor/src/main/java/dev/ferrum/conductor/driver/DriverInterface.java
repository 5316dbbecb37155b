package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.node.Node;

/**
 * What every implementation filling a driver slot has: the name nodes use to choose it (e.g.
 * {@code ipmitool}) and a check that the node is configured enough for it to work.
 */
public interface DriverInterface {

    /** The implementation's name, as in a node's {@code *_interface} field. */
    String name();

    /** Whether this implementation can work for {@code node}; never throws for bad configuration. */
    Validation validate(Node node);
}
