package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.configdrive.ConfigDrives;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.protocol.step.DeployStepsResult;
import dev.ferrum.protocol.step.Step;
import java.util.List;
import java.util.Optional;

/**
 * The {@code direct} deploy: boot the ramdisk, and on the agent's heartbeats fetch its deploy steps,
 * start {@code write_image}, poll it, then make the node boot its disk and reboot it into the
 * instance. A {@code fake} deploy finishes at once.
 */
final class DeployFlow {
    private static final System.Logger LOG = System.getLogger(DeployFlow.class.getName());
    private static final Step WRITE_IMAGE = Step.deploy("write_image", 80);
    private static final String EXECUTE = "execute_deploy_step";

    private final FlowContext context;
    private final AgentCommands commands;

    DeployFlow(FlowContext context) {
        this.context = context;
        this.commands = new AgentCommands(context);
    }

    /** Refuses a deploy the node cannot do, before its state changes. */
    void check(Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        switch (driver.deploy().style()) {
            case NONE -> throw new InvalidInputException("Node " + node.displayName() + " has no deploy interface;"
                    + " set deploy_interface to direct or fake.");
            case AGENT -> {
                if (node.instanceInfo().string("image_source").isEmpty()) {
                    throw new InvalidInputException("Cannot deploy node " + node.displayName() + ": instance_info is"
                            + " missing image_source; set it to the image URL (and image_checksum).");
                }
                // Before anything powers on: a refused source must leave the node as it was.
                for (String field : List.of("image_source", "kernel", "ramdisk")) {
                    node.instanceInfo().string(field).ifPresent(context.config.imageSources()::check);
                }
            }
            case IMMEDIATE -> { }
        }
    }

    /** The node just entered {@code deploying}. */
    void start(NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        try {
            switch (driver.deploy().style()) {
                case IMMEDIATE -> {
                    driver.power().powerOn(node);
                    context.fire(lock, node, ProvisionEvent.DONE, b -> b.powerState(PowerState.POWER_ON));
                }
                case AGENT -> {
                    // Ironic records the image kind before the ramdisk boots (lookup shows it): a kernel and
                    // ramdisk in instance_info make it a partition image, anything else a whole disk. It also
                    // records the URL the agent downloads from, which for an http(s) image is the source itself.
                    Node current = context.reload(node);
                    JsonDict info = current.instanceInfo();
                    boolean wholeDisk = info.string("kernel").isEmpty() || info.string("ramdisk").isEmpty();
                    JsonDict recorded = withImageUrl(info.with("image_type", wholeDisk ? "whole-disk" : "partition"));
                    Node marked = context.store.nodes().update(lock, current.version(),
                            b -> b.instanceInfo(recorded).editInternal(s -> s.withWholeDiskImage(wholeDisk)));
                    context.bootRamdiskAndWait(lock, marked, RamdiskPurpose.DEPLOY, context.config.deployWaitTimeout());
                }
                case NONE -> context.fail(lock, node, "Node has no deploy interface.");
            }
        } catch (ConductorException e) {
            context.fail(lock, node, "Failed to prepare the node for deployment: " + e.getMessage());
        }
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

    /** The agent heartbeated while the node waits in {@code wait call-back}. */
    void heartbeat(NodeLock lock, Node node) {
        Optional<StepPlan> plan = node.internal().stepPlan().filter(p -> p.kind() == StepKind.DEPLOY);
        if (plan.flatMap(StepPlan::current).isEmpty()) {
            startSteps(lock, node);
            return;
        }
        CommandResult last;
        try {
            last = commands.latest(node, EXECUTE).orElseThrow(() -> new FlowException("the agent has no record of"
                    + " the running deploy step (did the ramdisk restart?)"));
        } catch (ConductorException e) {
            context.fail(lock, node, "Deploy step deploy.write_image failed: " + e.getMessage());
            return;
        }
        outcome(lock, node, last);
    }

    private void startSteps(NodeLock lock, Node node) {
        Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
        CommandResult started;
        try {
            CommandResult offered = commands.runAndWait(current, "deploy.get_deploy_steps",
                    commands.nodeAndPorts(current));
            if (offered.commandStatus() != CommandStatus.SUCCEEDED) {
                throw new FlowException(AgentCommands.describe(offered));
            }
            DeployStepsResult result = offered.commandResult()
                    .map(r -> WireJson.convert(WireJson.newMapper(), r, DeployStepsResult.class))
                    .orElse(new DeployStepsResult(java.util.Map.of(), java.util.Map.of()));
            List<Step> steps = result.allSteps();
            StepPlan plan = StepPlan.of(StepKind.DEPLOY, List.of(PlannedStep.of(WRITE_IMAGE))).advance().orElseThrow();
            current = context.store.nodes().update(lock, current.version(), b -> b.editInternal(s -> s
                    .withCachedSteps(StepKind.DEPLOY, new CachedSteps(steps, result.hardwareManagerVersion(),
                            context.clock.instant()))
                    .withStepPlan(Optional.of(plan))));
        } catch (ConductorException | ProtocolException e) {
            context.fail(lock, current, "Failed to load in-band deploy steps: " + e.getMessage());
            return;
        }
        try {
            started = commands.start(current, "deploy." + EXECUTE, writeImage(current));
        } catch (ConductorException e) {
            context.fail(lock, current, "Deploy step deploy.write_image failed: " + e.getMessage());
            return;
        }
        outcome(lock, current, started);
    }

    private void outcome(NodeLock lock, Node node, CommandResult result) {
        switch (result.commandStatus()) {
            case RUNNING -> {
                Node waiting = node;
                if (node.provisionState() == ProvisionState.DEPLOYING) {
                    waiting = context.fire(lock, node, ProvisionEvent.WAIT, b -> b.editInternal(s -> s.withWaitDeadline(
                            Optional.of(context.clock.instant().plus(context.config.deployWaitTimeout())))));
                }
                context.recordProgress(lock, waiting, "deploy." + WRITE_IMAGE.step(), result);
            }
            case SUCCEEDED -> finish(lock, node);
            case FAILED, CLEAN_VERSION_MISMATCH -> context.fail(lock, node,
                    "Deploy step deploy.write_image failed: " + AgentCommands.describe(result));
        }
    }

    /** The image is on disk: hand the node over to it. */
    private void finish(NodeLock lock, Node node) {
        Node current = node.provisionState() == ProvisionState.DEPLOY_WAIT
                ? context.fire(lock, node, ProvisionEvent.RESUME, b -> { }) : node;
        try {
            ObjectNode none = JsonNodeFactory.instance.objectNode();
            requireSuccess(commands.runAndWait(current, "standby.get_partition_uuids", none), "get_partition_uuids");
            requireSuccess(commands.runAndWait(current, "standby.sync", none), "sync");
            DriverBundle driver = context.drivers.bundleFor(current);
            driver.boot().cleanUpRamdisk(context.target(current));
            driver.boot().prepareInstance(context.target(current));
            driver.management().setBootDevice(current, BootDevice.DISK, true);
            driver.power().reboot(current);
        } catch (ConductorException e) {
            context.fail(lock, current, "Failed to boot the deployed instance: " + e.getMessage());
            return;
        }
        context.fire(lock, current, ProvisionEvent.DONE, b -> b.powerState(PowerState.POWER_ON).lastError(
                Optional.empty()).editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                .withLastPowerStateChange(context.clock.instant())));
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " deployed");
    }

    private static void requireSuccess(CommandResult result, String what) {
        if (result.commandStatus() != CommandStatus.SUCCEEDED) {
            throw new FlowException("agent command " + what + " failed: " + AgentCommands.describe(result));
        }
    }

    /** {@code execute_deploy_step} params for {@code write_image}, shaped as Ironic sends them. */
    private ObjectNode writeImage(Node node) {
        JsonDict info = node.instanceInfo();
        String source = info.string("image_source").orElseThrow();
        ObjectNode image = JsonNodeFactory.instance.objectNode();
        image.put("id", source.substring(source.lastIndexOf('/') + 1));
        image.putArray("urls").add(source);
        image.put("disk_format", info.string("image_disk_format").orElse("raw"));
        image.putNull("container_format");
        image.put("stream_raw_images", true);
        Optional<String> algo = info.string("image_os_hash_algo");
        Optional<String> value = info.string("image_os_hash_value");
        if (algo.isPresent() && value.isPresent()) {
            image.put("os_hash_algo", algo.get());
            image.put("os_hash_value", value.get());
        }
        info.string("image_checksum").ifPresent(sum -> image.put("checksum", sum));
        image.put("node_uuid", node.uuid().toString());
        // Ironic names the image type to the agent only for a partition image; a whole disk is the default.
        info.string("image_type").filter("partition"::equals).ifPresent(type -> image.put("image_type", type));
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.set("image_info", image);
        args.set("configdrive", ConfigDrives.forAgent(info.get("configdrive"), node.uuid(), node.name(),
                context.clock.instant()));
        ObjectNode step = JsonNodeFactory.instance.objectNode();
        step.put("interface", "deploy").put("step", "write_image");
        step.set("args", args);
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.set("step", step);
        params.set("node", context.agentNode(node));
        params.putArray("ports").addAll(context.agentPorts(node));
        params.set("deploy_version", AgentCommands.versions(node.internal().agentCachedDeploySteps()));
        return params;
    }
}
