package dev.ferrum.conductor.state;

import dev.ferrum.conductor.error.InvalidStateException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static dev.ferrum.conductor.state.ProvisionEvent.*;
import static dev.ferrum.conductor.state.ProvisionState.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProvisionStateMachineTest {
    private static final String EXPECTED = "/state/expected-transitions.txt";

    private final ProvisionStateMachine machine = new ProvisionStateMachine();

    /** (from wire name + " | " + event name) → to wire name, from the hand-written file. */
    private static Map<String, String> expectedTable() throws IOException {
        Map<String, String> table = new HashMap<>();
        try (InputStream in = ProvisionStateMachineTest.class.getResourceAsStream(EXPECTED)) {
            assertThat(in).as(EXPECTED).isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                String[] cells = Arrays.stream(trimmed.split("\\|")).map(String::strip).toArray(String[]::new);
                assertThat(cells).as("line: " + line).hasSize(3);
                String previous = table.put(cells[0] + " | " + cells[1], cells[2]);
                assertThat(previous).as("duplicate row " + line).isNull();
            }
        }
        return table;
    }

    static Stream<Arguments> everyStateAndEvent() {
        return Arrays.stream(ProvisionState.values())
                .flatMap(state -> Arrays.stream(ProvisionEvent.values()).map(event -> Arguments.of(state, event)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("everyStateAndEvent")
    void everyPairMatchesTheExpectedTable(ProvisionState state, ProvisionEvent event) throws IOException {
        Optional<String> expected = Optional.ofNullable(expectedTable().get(state.wireName() + " | " + event.eventName()));

        assertThat(machine.next(state, event).map(ProvisionState::wireName)).isEqualTo(expected);
    }

    @Test
    void expectedTableNamesOnlyKnownStatesAndEventsAndHasAsManyRowsAsTheMachine() throws IOException {
        Map<String, String> table = expectedTable();
        table.forEach((key, to) -> {
            String[] fromAndEvent = key.split(" \\| ");
            assertThat(ProvisionState.find(fromAndEvent[0])).as(key).isPresent();
            assertThat(ProvisionEvent.fromEventName(fromAndEvent[1])).as(key).isNotNull();
            assertThat(ProvisionState.find(to)).as(key).isPresent();
        });
        assertThat(machine.transitions()).hasSize(table.size());
    }

    @Test
    void stateKindsFollowIronic() {
        assertThat(statesOfKind(StateKind.STABLE))
                .containsExactlyInAnyOrder(ENROLL, MANAGEABLE, AVAILABLE, ACTIVE, ERROR, ProvisionState.RESCUE);
        assertThat(statesOfKind(StateKind.FAILED)).containsExactlyInAnyOrder(DEPLOY_FAILED, CLEAN_FAILED,
                INSPECT_FAILED, RESCUE_FAILED, UNRESCUE_FAILED, ADOPT_FAILED, SERVICE_FAILED);
        assertThat(statesOfKind(StateKind.TRANSIENT)).containsExactlyInAnyOrder(DEPLOYING, DEPLOY_WAIT, CLEANING,
                CLEAN_WAIT, VERIFYING, DELETING, INSPECTING, INSPECT_WAIT, ADOPTING, RESCUING, RESCUE_WAIT, UNRESCUING,
                SERVICING, SERVICE_WAIT);
        assertThat(statesOfKind(StateKind.HOLD)).containsExactlyInAnyOrder(DEPLOY_HOLD, CLEAN_HOLD, SERVICE_HOLD);
    }

    @Test
    void lookupIsAllowedWhereAnAgentRuns() {
        assertThat(Arrays.stream(ProvisionState.values()).filter(s -> s.allowsLookup(false)))
                .containsExactlyInAnyOrder(DEPLOYING, DEPLOY_WAIT, CLEANING, CLEAN_WAIT, INSPECTING, INSPECT_WAIT,
                        RESCUING, RESCUE_WAIT, SERVICE_WAIT);
        // Ironic's fast-track list adds servicing and service hold, where an agent may still run.
        assertThat(Arrays.stream(ProvisionState.values()).filter(s -> s.allowsLookup(true)))
                .containsExactlyInAnyOrder(ENROLL, MANAGEABLE, AVAILABLE, DEPLOYING, DEPLOY_WAIT, CLEANING,
                        CLEAN_WAIT, INSPECTING, INSPECT_WAIT, RESCUING, RESCUE_WAIT, SERVICING, SERVICE_WAIT,
                        SERVICE_HOLD);
    }

    @Test
    void everyStateADeadConductorLeavesBehindCanBeFailed() {
        for (ProvisionState stuck : ProvisionState.values()) {
            if (stuck.isFailedOnTakeover()) {
                assertThat(machine.next(stuck, FAIL)).as(stuck.wireName()).isPresent();
            }
        }
    }

    @Test
    void noTransientStateIsLeftWithoutAWayOut() {
        // Each transient state is either a wait state the sweeper times out, or one the orphan check
        // fails once no conductor works on it; a new transient state must pick one.
        for (ProvisionState state : ProvisionState.values()) {
            if (state.kind() == StateKind.TRANSIENT) {
                assertThat(state.hasDeadline() != state.isFailedOnTakeover())
                        .as(state.wireName() + ": exactly one of a deadline or the orphan check").isTrue();
            }
        }
    }

    @Test
    void everyWaitStateHasADeadlineThatCanExpireAndCanResume() {
        for (ProvisionState state : ProvisionState.values()) {
            assertThat(state.hasDeadline()).as(state.wireName()).isEqualTo(machine.next(state, TIMEOUT).isPresent());
            if (state.hasDeadline()) {
                assertThat(machine.next(state, RESUME)).as(state.wireName()).isPresent();
                assertThat(machine.next(state, TIMEOUT)).isEqualTo(machine.next(state, FAIL));
                assertThat(machine.next(state, TIMEOUT).orElseThrow().isFailed()).isTrue();
            }
        }
    }

    @Test
    void everyStateIsReachableFromEnroll() {
        Set<ProvisionState> seen = EnumSet.of(ENROLL);
        Deque<ProvisionState> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            ProvisionState state = todo.pop();
            for (ProvisionEvent event : machine.eventsFrom(state)) {
                ProvisionState next = machine.next(state, event).orElseThrow();
                if (seen.add(next)) {
                    todo.push(next);
                }
            }
        }
        assertThat(seen).containsExactlyInAnyOrder(ProvisionState.values());
    }

    @Test
    void stableStatesHaveNoTargetAndOthersAimAtAStableOne() {
        for (ProvisionState state : ProvisionState.values()) {
            if (state.isStable()) {
                assertThat(state.defaultTarget()).as(state.wireName()).isEmpty();
            } else {
                assertThat(state.defaultTarget().orElseThrow().isStable()).as(state.wireName()).isTrue();
            }
        }
    }

    @Test
    void wireNamesRoundTripAndAreIronics() {
        for (ProvisionState state : ProvisionState.values()) {
            assertThat(ProvisionState.fromWire(state.wireName())).isEqualTo(state);
        }
        assertThat(DEPLOY_WAIT.wireName()).isEqualTo("wait call-back");
        assertThat(ProvisionState.find("deleted")).as("a verb alias, never a state").isEmpty();
    }

    @Test
    void apiTargetsNameTheVerbs() {
        assertThat(ProvisionEvent.fromApiTarget("active")).contains(DEPLOY);
        assertThat(ProvisionEvent.fromApiTarget("deploy")).contains(DEPLOY);
        assertThat(ProvisionEvent.fromApiTarget("deleted")).contains(UNDEPLOY);
        assertThat(ProvisionEvent.fromApiTarget("undeploy")).contains(UNDEPLOY);
        assertThat(ProvisionEvent.fromApiTarget("rebuild")).contains(REBUILD);
        assertThat(ProvisionEvent.fromApiTarget("unhold")).contains(UNHOLD);
        assertThat(ProvisionEvent.fromApiTarget("service")).contains(ProvisionEvent.SERVICE);
        assertThat(ProvisionEvent.fromApiTarget("done")).as("internal events are not verbs").isEmpty();
        assertThat(ProvisionEvent.fromApiTarget("hold")).as("only a hold step holds").isEmpty();
        assertThat(UNDEPLOY.eventName()).isEqualTo("delete");
    }

    @Test
    void targetsFollowTheFlow() {
        assertThat(machine.targetOfVerb(AVAILABLE, DEPLOY)).contains(ACTIVE);
        assertThat(machine.targetOfVerb(MANAGEABLE, PROVIDE)).contains(AVAILABLE);
        assertThat(machine.targetOfVerb(MANAGEABLE, CLEAN)).as("manual clean").contains(MANAGEABLE);
        assertThat(machine.targetOfVerb(MANAGEABLE, INSPECT)).contains(MANAGEABLE);
        assertThat(machine.targetOfVerb(ENROLL, MANAGE)).contains(MANAGEABLE);
        assertThat(machine.targetOfVerb(AVAILABLE, MANAGE)).as("lands directly").contains(MANAGEABLE);
        assertThat(machine.targetOfVerb(ACTIVE, UNDEPLOY)).contains(AVAILABLE);
        assertThat(machine.targetOfVerb(ACTIVE, ProvisionEvent.RESCUE)).contains(ProvisionState.RESCUE);
        assertThat(machine.targetOfVerb(ENROLL, DEPLOY)).isEmpty();
    }

    @Test
    void aManualCleanAimsAtManageableAllThrough() {
        Optional<ProvisionState> target = machine.targetAfter(MANAGEABLE, CLEAN, Optional.empty());
        assertThat(target).contains(MANAGEABLE);
        target = machine.targetAfter(CLEANING, WAIT, target);
        assertThat(target).contains(MANAGEABLE);
        target = machine.targetAfter(CLEAN_WAIT, ABORT, target);
        assertThat(target).as("clean failed after a manual clean").contains(MANAGEABLE);
        assertThat(machine.targetAfter(CLEAN_FAILED, MANAGE, target)).isEmpty();

        assertThat(machine.targetAfter(CLEANING, WAIT, Optional.of(AVAILABLE))).contains(AVAILABLE);
        assertThat(machine.targetAfter(DELETING, CLEAN, Optional.of(AVAILABLE))).contains(AVAILABLE);
        assertThat(machine.targetAfter(DEPLOY_WAIT, FAIL, Optional.of(ACTIVE))).as("deploy failed").contains(ACTIVE);
        assertThat(machine.targetAfter(VERIFYING, FAIL, Optional.of(MANAGEABLE))).as("back in enroll").isEmpty();
    }

    @Test
    void aForbiddenEventSaysWhatTheStateAccepts() {
        assertThatThrownBy(() -> machine.require(ENROLL, DEPLOY))
                .isInstanceOf(InvalidStateException.class)
                .hasMessageContaining("\"deploy\"")
                .hasMessageContaining("\"enroll\"")
                .hasMessageContaining("allowed there: manage");
    }

    private static Stream<ProvisionState> statesOfKind(StateKind kind) {
        return Arrays.stream(ProvisionState.values()).filter(s -> s.kind() == kind);
    }
}
