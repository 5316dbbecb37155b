package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.DriverInterface;

/**
 * The deploy slot: which deploy method a node uses. The flow itself lives with the deploy
 * orchestration; this slot names the method and validates the node for it.
 */
public interface DeployInterface extends DriverInterface {

    DeployStyle style();
}
