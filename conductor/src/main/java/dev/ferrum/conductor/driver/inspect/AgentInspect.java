package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import java.util.List;

/**
 * {@code agent}: in-band inspection by the conductor itself; the node boots the agent ramdisk,
 * which posts its inventory to the inspection callback. Needs the ramdisk named in driver_info.
 */
public final class AgentInspect implements InspectInterface {

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
    public InspectStyle style() {
        return InspectStyle.IN_BAND;
    }

    @Override
    public Node start(InspectTask task, Node node) {
        return task.bootRamdiskAndWait(node, RamdiskPurpose.INSPECT);
    }

    @Override
    public Node poll(InspectTask task, Node node) {
        // The agent posts its inventory to the callback; there is nothing to ask.
        return node;
    }
}
