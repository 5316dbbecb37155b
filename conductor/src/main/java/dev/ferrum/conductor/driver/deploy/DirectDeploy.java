package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.agent.InstanceBootSettings;
import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.step.Step;
import java.util.List;

/**
 * {@code direct}: the agent deploy, where the ramdisk streams the image to disk. Valid when the
 * node says which ramdisk to boot; the image itself is checked when a deploy starts, since
 * {@code instance_info} is given then. Cleaning runs the agent's clean steps in the same ramdisk.
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

    /**
     * Ironic's agent deploy steps at Ironic's priorities: {@code deploy} boots the ramdisk, the agent
     * writes the image, the conductor points the node at its disk, stops the agent and boots the instance.
     * Agent steps between 99 and 41 run between them by priority.
     */
    @Override
    public List<Step> deploySteps() {
        return List.of(Step.deploy("deploy", 100), Step.deploy("write_image", 80),
                Step.deploy("prepare_instance_boot", 60), Step.deploy("tear_down_agent", 40),
                Step.deploy("switch_to_tenant_network", 30), Step.deploy("boot_instance", 20));
    }

    @Override
    public DeployStyle style() {
        return DeployStyle.AGENT;
    }

    @Override
    public void check(Node node, DeployChecks checks) {
        if (node.instanceInfo().string("image_source").isEmpty()) {
            throw new InvalidInputException("Cannot deploy node " + node.displayName() + ": instance_info is"
                    + " missing image_source; set it to the image URL (and image_checksum).");
        }
        // Before anything powers on: a refused source must leave the node as it was.
        for (String field : List.of("image_source", "kernel", "ramdisk")) {
            node.instanceInfo().string(field).ifPresent(checks::imageSource);
        }
        if (!wholeDisk(node.instanceInfo())) {
            // Sizes and boot mode are checked now, so a typo is a 400 before anything powers on. Unlike
            // Ironic, a missing root_gb is not refused: root then takes the rest of the disk.
            InstanceBootSettings.of(node);
        }
    }

    /**
     * Ironic's rule for the image kind: {@code instance_info.image_type} when given, else a kernel and
     * ramdisk make it a partition image and anything else a whole disk.
     */
    private static boolean wholeDisk(JsonDict info) {
        return info.string("image_type").map(type -> !type.equals("partition"))
                .orElseGet(() -> info.string("kernel").isEmpty() || info.string("ramdisk").isEmpty());
    }

    @Override
    public Node start(DeployTask task, Node node) {
        // Ironic records the image kind before the ramdisk boots (lookup shows it). It also
        // records the URL the agent downloads from, which for an http(s) image is the source itself.
        JsonDict info = node.instanceInfo();
        boolean wholeDisk = wholeDisk(info);
        JsonDict recorded = withImageUrl(info.with("image_type", wholeDisk ? "whole-disk" : "partition"));
        Node marked = task.update(node,
                b -> b.instanceInfo(recorded).editInternal(s -> s.withWholeDiskImage(wholeDisk)));
        return task.bootRamdiskAndWait(marked, RamdiskPurpose.DEPLOY);
    }

    /**
     * {@code info} with {@code image_url} set to an http(s) {@code image_source}, else without one (a
     * rebuild onto another kind of source must not keep the previous deploy's URL).
     */
    private static JsonDict withImageUrl(JsonDict info) {
        return info.string("image_source")
                .filter(source -> source.startsWith("http://") || source.startsWith("https://"))
                .map(source -> info.with("image_url", source))
                .orElseGet(() -> info.without("image_url"));
    }

    @Override
    public Node heartbeat(DeployTask task, Node node) {
        return task.continueAgentDeploy(node);
    }

    @Override
    public Node startCleaning(DeployTask task, Node node) {
        return task.bootRamdiskAndWait(node, RamdiskPurpose.CLEAN);
    }

    @Override
    public Node startServicing(DeployTask task, Node node) {
        return task.bootRamdiskAndWait(node, RamdiskPurpose.SERVICE);
    }
}
