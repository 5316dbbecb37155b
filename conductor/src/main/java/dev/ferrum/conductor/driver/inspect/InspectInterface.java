package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.DriverInterface;

/** The inspect slot: whether and how a node's hardware is discovered. */
public interface InspectInterface extends DriverInterface {

    InspectStyle style();
}
