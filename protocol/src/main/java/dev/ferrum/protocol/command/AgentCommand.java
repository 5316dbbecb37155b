package dev.ferrum.protocol.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.image.InstallBootloaderParams;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.StepListParams;
import java.util.Map;

/**
 * A command the conductor sends to the agent, typed: one factory per command Ironic sends, each
 * taking the params record that command reads, so no caller writes a params key by hand.
 * {@link #toRequest} maps it onto the wire's {@link CommandRequest}, the one place params become JSON.
 */
public final class AgentCommand {
    private final String name;
    // Only the factories below set it, each with the record its command reads (or an empty map).
    private final Object params;

    private AgentCommand(String name, Object params) {
        this.name = new CommandRequest(name, null).name();
        this.params = params;
    }

    public static AgentCommand getCleanSteps(StepListParams params) {
        return new AgentCommand("clean.get_clean_steps", params);
    }

    public static AgentCommand executeCleanStep(ExecuteStepParams params) {
        return new AgentCommand("clean.execute_clean_step", params);
    }

    public static AgentCommand getDeploySteps(StepListParams params) {
        return new AgentCommand("deploy.get_deploy_steps", params);
    }

    public static AgentCommand executeDeployStep(ExecuteStepParams params) {
        return new AgentCommand("deploy.execute_deploy_step", params);
    }

    public static AgentCommand getServiceSteps(StepListParams params) {
        return new AgentCommand("service.get_service_steps", params);
    }

    /** Runs a service step; its params carry the manager versions as {@code service_version}. */
    public static AgentCommand executeServiceStep(ExecuteStepParams params) {
        return new AgentCommand("service.execute_service_step", params);
    }

    /** The pre-deploy-steps way of writing an image, still served by IPA. */
    public static AgentCommand prepareImage(WriteImageArgs args) {
        return new AgentCommand("standby.prepare_image", args);
    }

    /** Installs the instance's bootloader after a partition image is written (Ironic's local boot). */
    public static AgentCommand installBootloader(InstallBootloaderParams params) {
        return new AgentCommand("image.install_bootloader", params);
    }

    public static AgentCommand getPartitionUuids() {
        return new AgentCommand("standby.get_partition_uuids", Map.of());
    }

    public static AgentCommand sync() {
        return new AgentCommand("standby.sync", Map.of());
    }

    public static AgentCommand powerOff() {
        return new AgentCommand("standby.power_off", Map.of());
    }

    /** Ends a rescue: the agent sets the password in the ramdisk, then stops heartbeating and serving its API. */
    public static AgentCommand finalizeRescue(FinalizeRescueParams params) {
        return new AgentCommand("rescue.finalize_rescue", params);
    }

    public static AgentCommand collectSystemLogs() {
        return new AgentCommand("log.collect_system_logs", Map.of());
    }

    /** {@code <extension>.<command>}, as posted. */
    public String name() {
        return name;
    }

    /** The bare command name the agent reports back as {@code command_name} ({@code get_clean_steps}). */
    public String command() {
        return name.substring(name.indexOf('.') + 1);
    }

    /** The command as it goes over the wire, its params written by {@code mapper} (the wire mapping). */
    public CommandRequest toRequest(ObjectMapper mapper) {
        ObjectNode tree = mapper.valueToTree(params);
        return new CommandRequest(name, tree);
    }

    @Override
    public String toString() {
        return name;
    }
}
