package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepContext;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.image.WriteImageArgs;
import java.util.List;
import java.util.function.Supplier;

/**
 * The deploy steps the agent itself offers (IPA puts them in its generic manager): {@code write_image},
 * which streams the instance image to the root disk. Registered beside the discovered managers so
 * the conductor sees it in {@code get_deploy_steps} and it merges with vendor steps like any other.
 * Its arguments are the protocol's {@link WriteImageArgs}; being the agent's own step, it hands the
 * deployer the node and progress as the JSON the deployer already speaks.
 */
public final class AgentDeploySteps implements HardwareManager, StepProvider {
    /** The step name Ironic's agent deploy interface runs at its own priority (80). */
    public static final String WRITE_IMAGE = "write_image";

    private final Supplier<ImageDeployer> deployer;
    // Priority 0 as IPA reports it: Ironic runs write_image at the priority its deploy interface sets.
    private final Step<WriteImageArgs, JsonNode> writeImage = Step.of(WRITE_IMAGE, 0, WriteImageArgs.class,
            this::writeImage);

    public AgentDeploySteps(ImageDeployer deployer) {
        this(() -> deployer);
    }

    /**
     * @param deployer gives the deployer at run time: it selects the root disk through the registry
     *     this step is part of, so it can only be built after the registry
     */
    public AgentDeploySteps(Supplier<ImageDeployer> deployer) {
        this.deployer = deployer;
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
    public List<Step<?, ?>> steps(StepKind kind) {
        return kind == StepKind.DEPLOY ? List.of(writeImage) : List.of();
    }

    private JsonNode writeImage(WriteImageArgs args, StepContext context) {
        return deployer.get().write(args, context.node().as(ObjectNode.class),
                supplier -> context.progress().follow(supplier));
    }
}
