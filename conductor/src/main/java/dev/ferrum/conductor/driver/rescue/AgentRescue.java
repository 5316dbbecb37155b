package dev.ferrum.conductor.driver.rescue;

import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.node.Node;
import java.util.List;

/**
 * {@code agent}: Ironic's agent rescue. The node boots the agent ramdisk; on its first heartbeat the
 * conductor sends {@code rescue.finalize_rescue} with the hashed password, after which the agent stops
 * heartbeating and serving its API and the tenant logs into the ramdisk. Needs the ramdisk in driver_info.
 */
public final class AgentRescue implements RescueInterface {

    @Override
    public String name() {
        return "agent";
    }

    @Override
    public Validation validate(Node node) {
        List<String> missing = DriverInfo.of(node).missing(List.of("deploy_kernel", "deploy_ramdisk"));
        return missing.isEmpty() ? Validation.ok() : Validation.missing(missing);
    }

    @Override
    public Node rescue(RescueTask task, Node node) {
        return task.bootRamdiskAndWait(node, RamdiskPurpose.RESCUE);
    }

    @Override
    public Node heartbeat(RescueTask task, Node node) {
        return task.finalizeAgentRescue(node);
    }

    @Override
    public Node unrescue(RescueTask task, Node node) {
        return task.bootInstance(node);
    }
}
