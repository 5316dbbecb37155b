package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.util.List;

/**
 * {@code direct}: the agent deploy, where the ramdisk streams the image to disk. Valid when the
 * node says which ramdisk to boot; the image itself is checked when a deploy starts, since
 * {@code instance_info} is given then.
 */
public final class DirectDeploy implements DeployInterface {

    @Override
    public String name() {
        return "direct";
    }

    @Override
    public Validation validate(Node node) {
        List<String> missing = DriverInfo.of(node).missing(List.of("deploy_kernel", "deploy_ramdisk"));
        return missing.isEmpty() ? Validation.ok() : Validation.missing(missing);
    }

    @Override
    public DeployStyle style() {
        return DeployStyle.AGENT;
    }
}
