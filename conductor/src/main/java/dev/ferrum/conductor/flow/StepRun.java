package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.step.CleanStepsResult;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.ServiceStepsResult;
import dev.ferrum.protocol.step.Step;
import dev.ferrum.protocol.step.StepListParams;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What tells cleaning from servicing in the one step engine ({@link CleanFlow}) that runs both: the plan's
 * kind, the agent's extension ({@code clean.*} or {@code service.*}), the words of last_error, and the fault a
 * failed step leaves. Everything else (out-of-band steps, reboots, holds, version mismatches) is shared.
 */
record StepRun(StepKind kind, String label, String activity, Fault fault, String executeCommand) {

    static final StepRun CLEANING = new StepRun(StepKind.CLEAN, "Clean", "cleaning", Fault.CLEAN_FAILURE,
            "execute_clean_step");
    static final StepRun SERVICING = new StepRun(StepKind.SERVICE, "Service", "servicing", Fault.SERVICE_FAILURE,
            "execute_service_step");

    AgentCommand listSteps(StepListParams params) {
        return kind == StepKind.SERVICE ? AgentCommand.getServiceSteps(params) : AgentCommand.getCleanSteps(params);
    }

    AgentCommand executeStep(ExecuteStepParams params) {
        return kind == StepKind.SERVICE ? AgentCommand.executeServiceStep(params) : AgentCommand.executeCleanStep(params);
    }

    /** The agent's listing: its steps and its managers' versions. */
    Listed listed(AgentClient agent, CommandResult answer) {
        if (kind == StepKind.SERVICE) {
            ServiceStepsResult result = agent.result(answer, ServiceStepsResult.class)
                    .orElse(new ServiceStepsResult(Map.of(), Map.of()));
            return new Listed(result.allSteps(), result.hardwareManagerVersion());
        }
        CleanStepsResult result = agent.result(answer, CleanStepsResult.class)
                .orElse(new CleanStepsResult(Map.of(), Map.of()));
        return new Listed(result.allSteps(), result.hardwareManagerVersion());
    }

    /** Whether only the operator's steps run (servicing, manual cleaning), never the agent's automated ones. */
    boolean alwaysManual() {
        return kind == StepKind.SERVICE;
    }

    /** {@code "Clean step raid.create_configuration"}: how last_error names a step. */
    String step(String name) {
        return label + " step " + name;
    }

    record Listed(List<Step> steps, Map<String, String> versions) {
    }

    static Optional<StepRun> of(StepKind kind) {
        return switch (kind) {
            case CLEAN -> Optional.of(CLEANING);
            case SERVICE -> Optional.of(SERVICING);
            case DEPLOY -> Optional.empty();
        };
    }
}
