package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.periodic.HandoffPoller;
import dev.ferrum.conductor.periodic.Takeover;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A conductor that dies in the middle of an inspection, a servicing, a rescue, a power request or other transient
 * work, on SQLite and on PostgreSQL: what can be resumed is resumed by the node's ring owner (booted again into its
 * ramdisk, an inspection finished from the report the ramdisk already sent without booting the machine again, work
 * that is safe to repeat done again), and what cannot be is failed with a last_error naming the dead conductor and
 * the command that starts the work again.
 */
class InterruptedWorkTakeoverTest {
    private static final String MAC = "02:fc:00:00:00:51";
    private static final String BMC = "192.0.2.51";
    /** The dead conductor's way from enroll to active (its steps as the store records them). */
    private static final List<ProvisionEvent> ACTIVE = List.of(ProvisionEvent.MANAGE, ProvisionEvent.DONE,
            ProvisionEvent.PROVIDE, ProvisionEvent.DONE, ProvisionEvent.DEPLOY, ProvisionEvent.DONE);
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;
    private DeadConductor dead;

    private void start(String kind) {
        conductor = flow.startOn(kind, FlowConfig.defaults().withAutomatedClean(false));
        dead = new DeadConductor(conductor);
    }

    /** A manageable node with in-band inspection, which the ramdisk's report finds by its BMC address. */
    private UUID manageableInspectedInBand() {
        UUID node = conductor.createNode("inspected", MAC, ",\"inspect_interface\":\"agent\",\"driver_info\":{"
                + "\"ipmi_address\":\"" + BMC + "\"}");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    private NodeMutation inspectionStarts() {
        return b -> b.inspectionStartedAt(conductor.clock.instant());
    }

    private List<String> powerCallsSince(int from) {
        return conductor.power.calls().subList(from, conductor.power.calls().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void anInspectionInterruptedBeforeTheReportIsBootedAgainAndFinishesOnTheNewReport(String kind) throws Exception {
        start(kind);
        UUID node = manageableInspectedInBand();
        // The dead conductor took the inspect request and died preparing the boot.
        dead.diesHolding(node, inspectionStarts(), ProvisionEvent.INSPECT);
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).as("nothing failed").isEmpty();
        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.INSPECT_WAIT);
        assertThat(waiting.reservation()).isEmpty();
        assertThat(waiting.conductorAffinity()).contains(DeadConductor.NAME);
        assertThat(dead.events(node, "node.resumable")).singleElement().satisfies(e -> assertThat(e.message())
                .contains(DeadConductor.NAME).contains("before its ramdisk's report").contains("inspect wait"));

        int powerCalls = conductor.power.calls().size();
        assertThat(dead.takeover().takeOverOnce()).containsExactly(node);
        assertThat(powerCallsSince(powerCalls)).containsExactly(node + " reboot");
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " ramdisk INSPECT");
        assertThat(conductor.store.nodes().get(node).conductorAffinity()).contains(FlowFixture.CONDUCTOR);
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.message()).contains(DeadConductor.NAME).contains("power-cycled"));

        // The report may reach any conductor: the one that processes it is then the node's affinity, the conductor
        // whose work the power-off is.
        conductor.store.locks().withLock(node, FlowFixture.CONDUCTOR, lock -> conductor.store.nodes().update(lock,
                conductor.store.nodes().get(node).version(), b -> b.conductorAffinity("another-conductor")));
        var answer = InspectionReports.postContinue(conductor, conductor.json.writeValueAsString(
                InspectionReports.ipaReport(conductor, BMC, Optional.empty())));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        Node inspected = conductor.await(node, ProvisionState.MANAGEABLE);
        assertThat(inspected.properties().string("memory_mb")).contains("24576");
        assertThat(inspected.conductorAffinity()).contains(FlowFixture.CONDUCTOR);
        assertThat(dead.takeover().takeOverOnce()).as("taken over once").isEmpty();
        assertThat(dead.events(node, "node.takeover")).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void anInspectionWhoseReportWasProcessedIsFinishedWithoutBootingAgain(String kind) throws Exception {
        start(kind);
        UUID node = manageableInspectedInBand();
        // The dead conductor booted the ramdisk, processed its report (inspect wait -> inspecting) and died before
        // the power-off that ends the inspection.
        NodeLock held = dead.diesHolding(node, inspectionStarts(), ProvisionEvent.INSPECT, ProvisionEvent.WAIT);
        conductor.store.introspection().save(node, IntrospectionDataKind.UNPROCESSED,
                JsonDict.of(InspectionReports.ipaReport(conductor, BMC, Optional.empty())));
        Node processed = conductor.store.nodes().get(node);
        conductor.store.transition(held, processed.version(), processed.provisionState(), ProvisionEvent.RESUME,
                b -> b.properties(processed.properties().with("memory_mb", "24576")));
        dead.staysSilent();
        Takeover takeover = dead.takeover();

        assertThat(dead.recovery().takeOverDeadConductors()).as("nothing failed").isEmpty();
        Node left = conductor.store.nodes().get(node);
        assertThat(left.provisionState()).isEqualTo(ProvisionState.INSPECTING);
        assertThat(left.conductorAffinity()).contains(DeadConductor.NAME);
        assertThat(dead.events(node, "node.resumable")).singleElement().satisfies(e -> assertThat(e.message())
                .contains(DeadConductor.NAME).contains("stored report"));

        int powerCalls = conductor.power.calls().size();
        int bootCalls = conductor.boot.calls().size();
        assertThat(takeover.takeOverOnce()).containsExactly(node);

        Node finished = conductor.store.nodes().get(node);
        assertThat(finished.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(finished.reservation()).isEmpty();
        assertThat(finished.lastError()).isEmpty();
        assertThat(finished.inspectionFinishedAt()).isPresent();
        assertThat(finished.properties().string("memory_mb")).contains("24576");
        assertThat(powerCallsSince(powerCalls)).as("powered off, never booted again").containsExactly(node + " off");
        assertThat(conductor.boot.calls()).hasSize(bootCalls);
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e -> {
            assertThat(e.severity()).isEqualTo(NodeEvent.Severity.INFO);
            assertThat(e.message()).contains(DeadConductor.NAME).contains("without booting the node again")
                    .contains("manageable");
        });
        assertThat(takeover.takeOverOnce()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void anInspectionWhosePowerOffNeverRanIsFinishedByTheOwnerNotFailedAsAnOrphan(String kind) {
        start(kind);
        UUID node = manageableInspectedInBand();
        // The dead conductor booted the ramdisk and processed its report, released the lock and died before the
        // power-off task it queued ran: nothing is locked, only the affinity names it.
        NodeLock held = dead.diesHolding(node, b -> b.inspectionStartedAt(conductor.clock.instant())
                .conductorAffinity(DeadConductor.NAME), ProvisionEvent.INSPECT, ProvisionEvent.WAIT);
        conductor.store.introspection().save(node, IntrospectionDataKind.UNPROCESSED,
                JsonDict.of(InspectionReports.ipaReport(conductor, BMC, Optional.empty())));
        Node processed = conductor.store.nodes().get(node);
        conductor.store.transition(held, processed.version(), processed.provisionState(), ProvisionEvent.RESUME,
                NodeMutation.none());
        conductor.store.locks().release(held);
        Takeover takeover = dead.takeover();
        assertThat(takeover.takeOverOnce()).as("its conductor is alive: its power-off task may still run").isEmpty();
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).as("not an orphan yet").isEmpty();
        assertThat(takeover.takeOverOnce()).containsExactly(node);

        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.message()).contains("without booting the node again"));
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void aReportWhoseProcessingDiedIsProcessedAgainFromTheStore(String kind) throws Exception {
        start(kind);
        UUID node = manageableInspectedInBand();
        // The dead conductor stored the report and died in the hooks, before it wrote what they found.
        dead.diesHolding(node, inspectionStarts(), ProvisionEvent.INSPECT, ProvisionEvent.WAIT);
        conductor.store.introspection().save(node, IntrospectionDataKind.UNPROCESSED,
                JsonDict.of(InspectionReports.ipaReport(conductor, BMC, Optional.empty())));
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).isEmpty();
        assertThat(conductor.store.nodes().get(node).conductorAffinity()).as("handed to the takeover")
                .contains(DeadConductor.NAME);
        int powerCalls = conductor.power.calls().size();
        assertThat(dead.takeover().takeOverOnce()).containsExactly(node);

        Node finished = conductor.store.nodes().get(node);
        assertThat(finished.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(finished.properties().string("memory_mb")).as("the hooks ran over the stored report")
                .contains("24576");
        assertThat(conductor.store.introspection().load(node, IntrospectionDataKind.PROCESSED)).isPresent();
        assertThat(powerCallsSince(powerCalls)).containsExactly(node + " off");
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.message()).contains("processed it again"));
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void aServiceStepInterruptedIsRunAgainOnANewBootAndTheNodeReturnsToActive(String kind) {
        start(kind);
        UUID node = conductor.deployWaiting("serviced", MAC);
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        conductor.provisionWith(node, "{\"target\":\"service\",\"service_steps\":[{\"interface\":\"raid\","
                + "\"step\":\"delete_configuration\"}]}");
        conductor.await(node, ProvisionState.SERVICE_WAIT);
        ObjectNode running = conductor.json.createObjectNode().put("phase", "deleting");
        agent.reportStepProgress(List.of(running, running.deepCopy()));
        String token = conductor.lookup(agent, MAC);
        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> agent.stepsRun("service.execute_service_step").contains("delete_configuration"),
                "started delete_configuration");
        // The dead conductor took the next heartbeat: "servicing" under its lock, then it died.
        dead.diesHolding(node, NodeMutation.none(), ProvisionEvent.RESUME);
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).as("nothing failed").isEmpty();
        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.SERVICE_WAIT);
        assertThat(waiting.internal().agentToken()).isEmpty();
        assertThat(dead.events(node, "node.resumable")).singleElement().satisfies(e -> assertThat(e.message())
                .contains("\"servicing\"").contains("raid.delete_configuration").contains("service wait"));

        int powerCalls = conductor.power.calls().size();
        assertThat(dead.takeover().takeOverOnce()).containsExactly(node);
        assertThat(powerCallsSince(powerCalls)).containsExactly(node + " reboot");
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " ramdisk SERVICE");
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.message()).contains(DeadConductor.NAME).contains("raid.delete_configuration"));

        agent.restart();
        Node active = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(agent.stepsRun("service.execute_service_step")).as("once on each boot")
                .containsExactly("delete_configuration", "delete_configuration");
        assertThat(active.lastError()).isEmpty();
        assertThat(dead.events(node, "node.takeover")).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void aServiceStepRunOnTheInstanceWithoutARamdiskFailsSayingWhyAndWhatToDo(String kind) {
        start(kind);
        UUID node = conductor.createNode("serviced", MAC, "");
        var plan = CleanFlow.manualPlan(StepKind.SERVICE, List.<JsonNode>of(conductor.json.createObjectNode()
                .put("interface", "bios").put("step", "apply_configuration"))).advance().orElseThrow();
        dead.diesHolding(node, b -> b.editInternal(s -> s.withStepPlan(Optional.of(plan))),
                concat(ACTIVE, ProvisionEvent.SERVICE).toArray(ProvisionEvent[]::new));
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).containsExactly(node);

        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.SERVICE_FAILED);
        assertThat(failed.reservation()).isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error).contains(DeadConductor.NAME)
                .contains("bios.apply_configuration").contains("no ramdisk").contains("baremetal node service")
                .contains("baremetal node abort"));
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.severity()).isEqualTo(NodeEvent.Severity.ERROR));
        assertThat(dead.takeover().takeOverOnce()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void aNodeWaitingForItsRescueRamdiskIsBootedIntoItAgain(String kind) {
        start(kind);
        UUID node = conductor.createNode("rescued", MAC, "");
        dead.diesHolding(node, b -> b.conductorAffinity(DeadConductor.NAME),
                concat(ACTIVE, ProvisionEvent.RESCUE, ProvisionEvent.WAIT).toArray(ProvisionEvent[]::new));
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).as("a wait state is not failed").isEmpty();
        int powerCalls = conductor.power.calls().size();
        assertThat(dead.takeover().takeOverOnce()).containsExactly(node);

        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.RESCUE_WAIT);
        assertThat(waiting.conductorAffinity()).contains(FlowFixture.CONDUCTOR);
        assertThat(powerCallsSince(powerCalls)).containsExactly(node + " reboot");
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " ramdisk RESCUE");
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.message()).contains(DeadConductor.NAME).contains("\"rescue wait\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void workThatStartsOverSafelyIsHandedToTheOwnerWhichDoesItAgain(String kind) {
        start(kind);
        record Interrupted(List<ProvisionEvent> path, ProvisionState endsIn) {
        }
        Map<ProvisionState, Interrupted> cases = new LinkedHashMap<>();
        cases.put(ProvisionState.VERIFYING, new Interrupted(List.of(ProvisionEvent.MANAGE),
                ProvisionState.MANAGEABLE));
        cases.put(ProvisionState.ADOPTING, new Interrupted(List.of(ProvisionEvent.MANAGE, ProvisionEvent.DONE,
                ProvisionEvent.ADOPT), ProvisionState.ACTIVE));
        cases.put(ProvisionState.RESCUING, new Interrupted(concat(ACTIVE, ProvisionEvent.RESCUE),
                ProvisionState.RESCUE));
        cases.put(ProvisionState.UNRESCUING, new Interrupted(concat(ACTIVE, ProvisionEvent.RESCUE, ProvisionEvent.DONE,
                ProvisionEvent.UNRESCUE), ProvisionState.ACTIVE));
        cases.put(ProvisionState.DELETING, new Interrupted(concat(ACTIVE, ProvisionEvent.UNDEPLOY),
                ProvisionState.AVAILABLE));
        Map<ProvisionState, UUID> nodes = interruptedIn(cases.keySet(), state -> cases.get(state).path());
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).as("nothing failed").isEmpty();
        assertThat(conductor.store.handoffs().list()).extracting(Handoff::node)
                .containsExactlyInAnyOrderElementsOf(nodes.values());
        cases.keySet().forEach(state -> assertThat(dead.events(nodes.get(state), "node.resumable"))
                .as(state.wireName()).singleElement().satisfies(e -> assertThat(e.message())
                        .contains(DeadConductor.NAME).contains("\"" + state.wireName() + "\"")
                        .contains("again from its beginning")));
        // The owner (here the one live conductor) takes the handed-off work as it takes an API action's.
        assertThat(new HandoffPoller(conductor.store, uuid -> true, conductor.flows::continueHandedOff).pollOnce())
                .isEqualTo(nodes.size());

        cases.forEach((state, interrupted) -> {
            Node done = conductor.await(nodes.get(state), interrupted.endsIn());
            assertThat(done.lastError()).as(state.wireName()).isEmpty();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void workThatCannotBeResumedFailsNamingTheDeadConductorAndTheCommandToRetry(String kind) {
        start(kind);
        // Died before any step ran (preparing the deploy's or the cleaning's boot): nothing records how far it got.
        Map<ProvisionState, UUID> nodes = interruptedIn(List.of(ProvisionState.DEPLOYING, ProvisionState.CLEANING),
                state -> state == ProvisionState.DEPLOYING
                        ? List.of(ProvisionEvent.MANAGE, ProvisionEvent.DONE, ProvisionEvent.PROVIDE,
                                ProvisionEvent.DONE, ProvisionEvent.DEPLOY)
                        : List.of(ProvisionEvent.MANAGE, ProvisionEvent.DONE, ProvisionEvent.CLEAN));
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).containsExactlyInAnyOrderElementsOf(nodes.values());

        Map<ProvisionState, String> retry = Map.of(ProvisionState.DEPLOYING, "baremetal node deploy",
                ProvisionState.CLEANING, "baremetal node manage");
        nodes.forEach((state, node) -> {
            Node failed = conductor.store.nodes().get(node);
            assertThat(failed.provisionState()).as(state.wireName()).isIn(ProvisionState.DEPLOY_FAILED,
                    ProvisionState.CLEAN_FAILED);
            assertThat(failed.reservation()).isEmpty();
            assertThat(failed.lastError()).as(state.wireName()).hasValueSatisfying(error -> assertThat(error)
                    .contains("(" + DeadConductor.NAME + ")").contains("\"" + state.wireName() + "\"")
                    .contains("cannot be resumed").contains(retry.get(state)));
        });
    }

    /** One node per state, each brought there by the dead conductor, which dies holding its lock. */
    private Map<ProvisionState, UUID> interruptedIn(java.util.Collection<ProvisionState> states,
            java.util.function.Function<ProvisionState, List<ProvisionEvent>> path) {
        Map<ProvisionState, UUID> nodes = new LinkedHashMap<>();
        int n = 0;
        for (ProvisionState state : states) {
            UUID node = conductor.createNode("interrupted-" + n, "02:fc:00:00:01:" + String.format("%02x", n++),
                    ",\"rescue_interface\":\"fake\"");
            dead.diesHolding(node, NodeMutation.none(), path.apply(state).toArray(ProvisionEvent[]::new));
            assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(state);
            nodes.put(state, node);
        }
        return nodes;
    }

    @ParameterizedTest
    @ValueSource(strings = {FlowDatabase.SQLITE, FlowDatabase.POSTGRESQL})
    void aPowerRequestTheDeadConductorWasCarryingOutIsAbortedSayingSo(String kind) {
        start(kind);
        UUID node = conductor.createNode("powered", MAC, "");
        dead.diesHolding(node, b -> b.targetPowerState(PowerState.POWER_OFF), ProvisionEvent.MANAGE,
                ProvisionEvent.DONE);
        dead.staysSilent();

        assertThat(dead.recovery().takeOverDeadConductors()).isEmpty();

        Node left = conductor.store.nodes().get(node);
        assertThat(left.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(left.reservation()).isEmpty();
        assertThat(left.targetPowerState()).as("the power sync skips a node with a pending request").isEmpty();
        assertThat(left.lastError()).hasValueSatisfying(error -> assertThat(error)
                .contains("aborted due to conductor take over").contains(DeadConductor.NAME).contains("power off")
                .contains("baremetal node power"));
        assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(e ->
                assertThat(e.severity()).isEqualTo(NodeEvent.Severity.ERROR));
    }

    private static List<ProvisionEvent> concat(List<ProvisionEvent> path, ProvisionEvent... more) {
        return java.util.stream.Stream.concat(path.stream(), java.util.Arrays.stream(more)).toList();
    }
}
