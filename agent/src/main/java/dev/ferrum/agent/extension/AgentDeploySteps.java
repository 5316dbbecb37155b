package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.StepRequest;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.step.Step;
import java.util.List;
import java.util.function.Supplier;

/**
 * The deploy steps the agent itself offers (IPA puts them in its generic manager): {@code write_image},
 * which streams the instance image to the root disk. Registered beside the discovered managers so
 * the conductor sees it in {@code get_deploy_steps} and it merges with vendor steps like any other.
 */
public final class AgentDeploySteps implements HardwareManager, StepProvider {
    /** The step name Ironic's agent deploy interface runs at its own priority (80). */
    public static final String WRITE_IMAGE = "write_image";

    private final Supplier<ImageDeployer> deployer;
    private final ObjectMapper json;

    public AgentDeploySteps(ImageDeployer deployer, ObjectMapper json) {
        this(() -> deployer, json);
    }

    /**
     * @param deployer gives the deployer at run time: it selects the root disk through the registry
     *     this step is part of, so it can only be built after the registry
     */
    public AgentDeploySteps(Supplier<ImageDeployer> deployer, ObjectMapper json) {
        this.deployer = deployer;
        this.json = json;
    }

    @Override
    public String name() {
        return "ferrum_agent";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public SupportLevel evaluateSupport(MachineContext machine) {
        return SupportLevel.GENERIC;
    }

    @Override
    public List<Step> steps(StepKind kind) {
        // Priority 0 as IPA reports it: Ironic runs write_image at the priority its deploy interface sets.
        return kind == StepKind.DEPLOY ? List.of(Step.deploy(WRITE_IMAGE, 0)) : List.of();
    }

    @Override
    public JsonNode executeStep(StepKind kind, String stepName, StepRequest request) {
        if (kind != StepKind.DEPLOY || !WRITE_IMAGE.equals(stepName)) {
            throw new HardwareManagerException("the agent offers no " + kind + " step '" + stepName + "'");
        }
        ConfigDriveParameter.of(request.arguments());
        WriteImageArgs args;
        try {
            args = json.treeToValue(request.arguments(), WriteImageArgs.class);
        } catch (Exception e) {
            throw CommandFailedException.invalidParams("write_image needs 'image_info': " + e.getMessage());
        }
        return deployer.get().write(args, request.node(), request.progress());
    }
}
