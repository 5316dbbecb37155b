package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.command.CommandProgress;
import dev.ferrum.agent.command.VersionMismatchException;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.NoManagerCouldException;
import dev.ferrum.hardware.registry.OwnedStep;
import dev.ferrum.hardware.registry.SelectedManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.StepArgumentException;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.protocol.step.CleanStepResult;
import dev.ferrum.protocol.step.CleanStepsResult;
import dev.ferrum.protocol.step.DeployStepResult;
import dev.ferrum.protocol.step.DeployStepsResult;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.ServiceStepResult;
import dev.ferrum.protocol.step.ServiceStepsResult;
import dev.ferrum.protocol.step.Step;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * IPA's {@code clean}, {@code deploy} and {@code service} extensions: list the steps the hardware managers offer,
 * grouped by manager with every manager's version, and run one step through the manager that owns
 * it. A conductor that listed the steps under other manager versions gets
 * {@code CLEAN_VERSION_MISMATCH} so it lists them again.
 */
public final class StepCommands {
    private final HardwareManagerRegistry registry;
    private final ObjectMapper json;

    public StepCommands(HardwareManagerRegistry registry, ObjectMapper json) {
        this.registry = registry;
        this.json = json;
    }

    public List<CommandDefinition> definitions() {
        return List.of(
                CommandDefinition.sync("clean", "get_clean_steps", (params, progress) ->
                        Optional.of(json.valueToTree(new CleanStepsResult(grouped(StepKind.CLEAN), versions())))),
                CommandDefinition.async("clean", "execute_clean_step", (params, progress) -> {
                    ExecuteStepParams request = parse(params);
                    Optional<JsonNode> result = execute(StepKind.CLEAN, request, progress);
                    return Optional.of(json.valueToTree(new CleanStepResult(result, request.step())));
                }),
                CommandDefinition.sync("deploy", "get_deploy_steps", (params, progress) ->
                        Optional.of(json.valueToTree(new DeployStepsResult(grouped(StepKind.DEPLOY), versions())))),
                CommandDefinition.async("deploy", "execute_deploy_step", (params, progress) -> {
                    ExecuteStepParams request = parse(params);
                    Optional<JsonNode> result = execute(StepKind.DEPLOY, request, progress);
                    return Optional.of(json.valueToTree(new DeployStepResult(result, request.step())));
                }),
                CommandDefinition.sync("service", "get_service_steps", (params, progress) ->
                        Optional.of(json.valueToTree(new ServiceStepsResult(grouped(StepKind.SERVICE), versions())))),
                CommandDefinition.async("service", "execute_service_step", (params, progress) -> {
                    ExecuteStepParams request = parse(params);
                    Optional<JsonNode> result = execute(StepKind.SERVICE, request, progress);
                    return Optional.of(json.valueToTree(new ServiceStepResult(result, request.step())));
                }));
    }

    /** Every selected manager's version, the map conductors send back with execute requests. */
    public Map<String, String> versions() {
        Map<String, String> versions = new LinkedHashMap<>();
        for (SelectedManager manager : registry.managers()) {
            versions.put(manager.name(), manager.manager().version());
        }
        return versions;
    }

    private Map<String, List<Step>> grouped(StepKind kind) {
        Map<String, List<Step>> byManager = new LinkedHashMap<>();
        for (OwnedStep owned : registry.steps(kind)) {
            byManager.computeIfAbsent(owned.manager(), m -> new ArrayList<>()).add(owned.step());
        }
        return byManager;
    }

    private ExecuteStepParams parse(ObjectNode params) {
        try {
            return json.treeToValue(params, ExecuteStepParams.class);
        } catch (Exception e) {
            throw CommandFailedException.invalidParams("cannot read the step request: " + e.getMessage());
        }
    }

    private Optional<JsonNode> execute(StepKind kind, ExecuteStepParams request, CommandProgress progress) {
        request.expectedVersions().ifPresent(expected -> {
            Map<String, String> actual = versions();
            if (!expected.equals(actual)) {
                throw new VersionMismatchException("the conductor listed steps for hardware managers " + expected
                        + " but this agent has " + actual + "; list the steps again");
            }
        });
        String name = request.step().step();
        try {
            JsonNode result = registry.executeStep(kind, name, request.node(), request.step().argsOrEmpty(), progress)
                    .value();
            return result == null || result.isNull() ? Optional.empty() : Optional.of(result);
        } catch (NoManagerCouldException e) {
            throw new CommandFailedException("HardwareManagerMethodNotFound", 404, "No hardware manager offers the step",
                    e.getMessage());
        } catch (StepArgumentException e) {
            throw CommandFailedException.invalidParams(e.getMessage());
        } catch (CommandFailedException e) {
            throw e;
        } catch (HardwareManagerException e) {
            // IPA's error types per extension.
            String type = switch (kind) {
                case CLEAN -> "CleaningError";
                case DEPLOY -> "DeploymentError";
                case SERVICE -> "ServicingError";
            };
            String label = switch (kind) {
                case CLEAN -> "Clean";
                case DEPLOY -> "Deploy";
                case SERVICE -> "Service";
            };
            throw new CommandFailedException(type, 500, label + " step " + name + " failed", e.getMessage(), e);
        }
    }
}
