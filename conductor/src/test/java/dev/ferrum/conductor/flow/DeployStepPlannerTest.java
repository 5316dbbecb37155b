package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.template.DeployStep;
import dev.ferrum.conductor.template.DeployTemplate;
import dev.ferrum.protocol.step.Step;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The deploy plan Ironic would compute, without a conductor around it. */
class DeployStepPlannerTest {
    private static final List<Step> CORE = List.of(Step.deploy("deploy", 100), Step.deploy("write_image", 80),
            Step.deploy("prepare_instance_boot", 60), Step.deploy("tear_down_agent", 40),
            Step.deploy("switch_to_tenant_network", 30), Step.deploy("boot_instance", 20));

    private static Step step(String iface, String name, int priority) {
        return new Step(name, priority, iface, false, false, JsonNodeFactory.instance.objectNode());
    }

    private static PlannedStep user(String iface, String name, int priority) {
        return new PlannedStep(step(iface, name, priority), JsonDict.empty());
    }

    private static DeployTemplate template(String name, DeployStep... steps) {
        return DeployTemplate.create(UUID.randomUUID(), name, List.of(steps), JsonDict.empty(), Instant.EPOCH);
    }

    private static List<String> names(DeployStepPlanner.Requested requested, List<Step> agent) {
        return DeployStepPlanner.plan(requested, CORE, agent).steps().stream()
                .map(p -> DeployStepPlanner.id(p.step()) + "@" + p.step().priority()).toList();
    }

    @Test
    void coreStepsAloneRunInIronicsOrder() {
        assertThat(names(new DeployStepPlanner.Requested(List.of(), List.of()), List.of())).containsExactly(
                "deploy.deploy@100", "deploy.write_image@80", "deploy.prepare_instance_boot@60",
                "deploy.tear_down_agent@40", "deploy.switch_to_tenant_network@30", "deploy.boot_instance@20");
    }

    @Test
    void equalPrioritiesGoByInterfaceThenTheUserBeatsTheTemplate() {
        List<Step> agent = List.of(step("raid", "apply_configuration", 0), step("bios", "apply", 0),
                step("management", "flash", 0), step("deploy", "write_image", 0));
        var requested = new DeployStepPlanner.Requested(List.of(user("raid", "apply_configuration", 70)),
                List.of(template("CUSTOM_X", new DeployStep("raid", "apply_configuration", JsonDict.empty(), 90),
                        new DeployStep("bios", "apply", JsonDict.empty(), 70),
                        new DeployStep("management", "flash", JsonDict.empty(), 70))));

        // The conductor's write_image keeps its 80 over the agent's 0; at 70, management, bios, raid.
        assertThat(names(requested, agent)).containsSubsequence("deploy.write_image@80", "management.flash@70",
                "bios.apply@70", "raid.apply_configuration@70", "deploy.prepare_instance_boot@60");
    }

    @Test
    void priorityZeroDisablesACoreStep() {
        var requested = new DeployStepPlanner.Requested(List.of(user("deploy", "switch_to_tenant_network", 0)),
                List.of());
        assertThat(names(requested, List.of())).doesNotContain("deploy.switch_to_tenant_network@30")
                .hasSize(5);
    }

    @Test
    void requiredArgumentsAreCheckedOnlyForEnabledSteps() {
        ObjectNode argsinfo = JsonNodeFactory.instance.objectNode();
        argsinfo.putObject("settings").put("required", true).put("description", "the BIOS settings");
        Step bios = new Step("apply_configuration", 0, "bios", false, false, argsinfo);

        assertThatThrownBy(() -> DeployStepPlanner.plan(new DeployStepPlanner.Requested(
                List.of(user("bios", "apply_configuration", 70)), List.of()), CORE, List.of(bios)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Validation of deploy steps from \"deploy steps\" argument failed.deploy step {'interface':"
                        + " 'bios', 'step': 'apply_configuration', 'args': {}, 'priority': 70} is missing these"
                        + " required arguments: settings (the BIOS settings)");
        assertThat(DeployStepPlanner.plan(new DeployStepPlanner.Requested(
                List.of(user("bios", "apply_configuration", 0)), List.of()), CORE, List.of(bios)).steps()).hasSize(6);
    }

    @Test
    void unknownStepsWaitForTheAgentOnlyWhenAskedTo() {
        var requested = new DeployStepPlanner.Requested(List.of(user("deploy", "vendor_magic", 70)), List.of());
        DeployStepPlanner.validate(requested, CORE, true);
        assertThatThrownBy(() -> DeployStepPlanner.validate(requested, CORE, false))
                .hasMessageEndingWith("node does not support this deploy step: {'interface': 'deploy', 'step':"
                        + " 'vendor_magic', 'args': {}, 'priority': 70}");
    }
}
