package dev.ferrum.conductor.state;

import dev.ferrum.conductor.error.InvalidStateException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static dev.ferrum.conductor.state.ProvisionEvent.*;
import static dev.ferrum.conductor.state.ProvisionState.*;

/**
 * The one provision-state transition table, with the facts of Ironic's (2023.1) plus newer Ironic's
 * hold states, and Ferrum's {@code timeout} event beside {@code fail} on the wait states. Pure and
 * immutable: every state change in the conductor asks this table first (STYLE.md rule 6).
 */
public final class ProvisionStateMachine {
    private final List<Transition> transitions;
    private final Map<ProvisionState, Map<ProvisionEvent, ProvisionState>> table;

    public ProvisionStateMachine() {
        List<Transition> rows = new ArrayList<>();
        // Enrollment: verifying the BMC credentials, back to enroll when they do not work.
        rows.add(new Transition(ENROLL, MANAGE, VERIFYING));
        rows.add(new Transition(VERIFYING, DONE, MANAGEABLE));
        rows.add(new Transition(VERIFYING, FAIL, ENROLL));

        // Manageable is the operator's workbench.
        rows.add(new Transition(MANAGEABLE, PROVIDE, CLEANING));
        rows.add(new Transition(MANAGEABLE, CLEAN, CLEANING));
        rows.add(new Transition(MANAGEABLE, INSPECT, INSPECTING));
        rows.add(new Transition(MANAGEABLE, ADOPT, ADOPTING));
        rows.add(new Transition(AVAILABLE, MANAGE, MANAGEABLE));

        // Inspection, synchronous or waiting for the ramdisk.
        rows.add(new Transition(INSPECTING, DONE, MANAGEABLE));
        rows.add(new Transition(INSPECTING, FAIL, INSPECT_FAILED));
        rows.add(new Transition(INSPECTING, WAIT, INSPECT_WAIT));
        rows.add(new Transition(INSPECT_WAIT, DONE, MANAGEABLE));
        rows.add(new Transition(INSPECT_WAIT, FAIL, INSPECT_FAILED));
        rows.add(new Transition(INSPECT_WAIT, TIMEOUT, INSPECT_FAILED));
        rows.add(new Transition(INSPECT_WAIT, ABORT, INSPECT_FAILED));
        rows.add(new Transition(INSPECT_WAIT, RESUME, INSPECTING));
        rows.add(new Transition(INSPECT_FAILED, MANAGE, MANAGEABLE));
        rows.add(new Transition(INSPECT_FAILED, INSPECT, INSPECTING));

        // Deployment.
        rows.add(new Transition(AVAILABLE, DEPLOY, DEPLOYING));
        rows.add(new Transition(DEPLOYING, WAIT, DEPLOY_WAIT));
        rows.add(new Transition(DEPLOYING, DONE, ACTIVE));
        rows.add(new Transition(DEPLOYING, FAIL, DEPLOY_FAILED));
        rows.add(new Transition(DEPLOYING, HOLD, DEPLOY_HOLD));
        rows.add(new Transition(DEPLOY_WAIT, RESUME, DEPLOYING));
        rows.add(new Transition(DEPLOY_WAIT, FAIL, DEPLOY_FAILED));
        rows.add(new Transition(DEPLOY_WAIT, TIMEOUT, DEPLOY_FAILED));
        rows.add(new Transition(DEPLOY_WAIT, HOLD, DEPLOY_HOLD));
        rows.add(new Transition(DEPLOY_WAIT, UNDEPLOY, DELETING));
        // Newer Ironic (API 1.110) lets a deploy waiting on the ramdisk be aborted too.
        rows.add(new Transition(DEPLOY_WAIT, ABORT, DEPLOY_FAILED));
        rows.add(new Transition(DEPLOY_HOLD, UNHOLD, DEPLOY_WAIT));
        rows.add(new Transition(DEPLOY_HOLD, ABORT, DEPLOY_FAILED));
        rows.add(new Transition(DEPLOY_FAILED, REBUILD, DEPLOYING));
        rows.add(new Transition(DEPLOY_FAILED, DEPLOY, DEPLOYING));
        rows.add(new Transition(DEPLOY_FAILED, UNDEPLOY, DELETING));
        rows.add(new Transition(ACTIVE, REBUILD, DEPLOYING));
        rows.add(new Transition(ERROR, REBUILD, DEPLOYING));

        // Tear-down hands over to cleaning; a failed tear-down is an error.
        rows.add(new Transition(ACTIVE, UNDEPLOY, DELETING));
        rows.add(new Transition(ERROR, UNDEPLOY, DELETING));
        rows.add(new Transition(DELETING, CLEAN, CLEANING));
        rows.add(new Transition(DELETING, FAIL, ERROR));

        // Cleaning, automated (ends available) or manual (ends manageable through "manage").
        rows.add(new Transition(CLEANING, DONE, AVAILABLE));
        rows.add(new Transition(CLEANING, MANAGE, MANAGEABLE));
        rows.add(new Transition(CLEANING, FAIL, CLEAN_FAILED));
        rows.add(new Transition(CLEANING, WAIT, CLEAN_WAIT));
        rows.add(new Transition(CLEANING, HOLD, CLEAN_HOLD));
        rows.add(new Transition(CLEAN_WAIT, RESUME, CLEANING));
        rows.add(new Transition(CLEAN_WAIT, FAIL, CLEAN_FAILED));
        rows.add(new Transition(CLEAN_WAIT, TIMEOUT, CLEAN_FAILED));
        rows.add(new Transition(CLEAN_WAIT, ABORT, CLEAN_FAILED));
        rows.add(new Transition(CLEAN_WAIT, HOLD, CLEAN_HOLD));
        rows.add(new Transition(CLEAN_HOLD, UNHOLD, CLEAN_WAIT));
        rows.add(new Transition(CLEAN_HOLD, ABORT, CLEAN_FAILED));
        rows.add(new Transition(CLEAN_FAILED, MANAGE, MANAGEABLE));

        // Adoption of a machine deployed by other means.
        rows.add(new Transition(ADOPTING, DONE, ACTIVE));
        rows.add(new Transition(ADOPTING, FAIL, ADOPT_FAILED));
        rows.add(new Transition(ADOPT_FAILED, ADOPT, ADOPTING));
        rows.add(new Transition(ADOPT_FAILED, MANAGE, MANAGEABLE));

        // Rescue and unrescue.
        rows.add(new Transition(ACTIVE, ProvisionEvent.RESCUE, RESCUING));
        rows.add(new Transition(RESCUING, DONE, ProvisionState.RESCUE));
        rows.add(new Transition(RESCUING, WAIT, RESCUE_WAIT));
        rows.add(new Transition(RESCUING, FAIL, RESCUE_FAILED));
        rows.add(new Transition(RESCUE_WAIT, RESUME, RESCUING));
        rows.add(new Transition(RESCUE_WAIT, FAIL, RESCUE_FAILED));
        rows.add(new Transition(RESCUE_WAIT, TIMEOUT, RESCUE_FAILED));
        rows.add(new Transition(RESCUE_WAIT, ABORT, RESCUE_FAILED));
        rows.add(new Transition(RESCUE_WAIT, UNDEPLOY, DELETING));
        rows.add(new Transition(ProvisionState.RESCUE, ProvisionEvent.RESCUE, RESCUING));
        rows.add(new Transition(ProvisionState.RESCUE, UNRESCUE, UNRESCUING));
        rows.add(new Transition(ProvisionState.RESCUE, UNDEPLOY, DELETING));
        rows.add(new Transition(RESCUE_FAILED, ProvisionEvent.RESCUE, RESCUING));
        rows.add(new Transition(RESCUE_FAILED, UNRESCUE, UNRESCUING));
        rows.add(new Transition(RESCUE_FAILED, UNDEPLOY, DELETING));
        rows.add(new Transition(UNRESCUING, DONE, ACTIVE));
        rows.add(new Transition(UNRESCUING, FAIL, UNRESCUE_FAILED));
        rows.add(new Transition(UNRESCUE_FAILED, ProvisionEvent.RESCUE, RESCUING));
        rows.add(new Transition(UNRESCUE_FAILED, UNRESCUE, UNRESCUING));
        rows.add(new Transition(UNRESCUE_FAILED, UNDEPLOY, DELETING));

        // Servicing an active node, as Ironic 2024.1 (API 1.87) defines it.
        rows.add(new Transition(SERVICING, DONE, ACTIVE));
        rows.add(new Transition(ACTIVE, ProvisionEvent.SERVICE, SERVICING));
        rows.add(new Transition(SERVICING, FAIL, SERVICE_FAILED));
        rows.add(new Transition(SERVICING, WAIT, SERVICE_WAIT));
        rows.add(new Transition(SERVICING, HOLD, SERVICE_HOLD));
        rows.add(new Transition(SERVICE_WAIT, HOLD, SERVICE_HOLD));
        rows.add(new Transition(SERVICE_HOLD, ProvisionEvent.SERVICE, SERVICING));
        rows.add(new Transition(SERVICE_HOLD, UNHOLD, SERVICE_WAIT));
        rows.add(new Transition(SERVICE_WAIT, RESUME, SERVICING));
        rows.add(new Transition(SERVICE_WAIT, FAIL, SERVICE_FAILED));
        rows.add(new Transition(SERVICE_WAIT, TIMEOUT, SERVICE_FAILED));
        rows.add(new Transition(SERVICE_HOLD, FAIL, SERVICE_FAILED));
        rows.add(new Transition(SERVICE_WAIT, ABORT, SERVICE_FAILED));
        rows.add(new Transition(SERVICE_HOLD, ABORT, SERVICE_FAILED));
        rows.add(new Transition(SERVICE_FAILED, ProvisionEvent.SERVICE, SERVICING));
        rows.add(new Transition(SERVICE_FAILED, ProvisionEvent.RESCUE, RESCUING));
        rows.add(new Transition(SERVICE_FAILED, WAIT, SERVICE_WAIT));
        rows.add(new Transition(SERVICE_FAILED, HOLD, SERVICE_HOLD));
        rows.add(new Transition(SERVICE_FAILED, UNDEPLOY, DELETING));
        rows.add(new Transition(SERVICE_FAILED, ABORT, ACTIVE));
        rows.add(new Transition(SERVICE_WAIT, UNDEPLOY, DELETING));

        Map<ProvisionState, Map<ProvisionEvent, ProvisionState>> byState = new EnumMap<>(ProvisionState.class);
        for (Transition row : rows) {
            ProvisionState previous = byState
                    .computeIfAbsent(row.from(), s -> new EnumMap<>(ProvisionEvent.class))
                    .put(row.event(), row.to());
            if (previous != null) {
                throw new IllegalStateException("two rows for " + row.from() + " on " + row.event());
            }
        }
        byState.replaceAll((state, events) -> Collections.unmodifiableMap(events));
        this.transitions = List.copyOf(rows);
        this.table = Collections.unmodifiableMap(byState);
    }

    /** Every row, in the order written above (the diagram keeps that order). */
    public List<Transition> transitions() {
        return transitions;
    }

    /** The state {@code event} leads to from {@code state}, or empty when the table forbids it. */
    public Optional<ProvisionState> next(ProvisionState state, ProvisionEvent event) {
        return Optional.ofNullable(table.getOrDefault(state, Map.of()).get(event));
    }

    /** The events the table accepts in {@code state}, in declaration order. */
    public List<ProvisionEvent> eventsFrom(ProvisionState state) {
        return List.copyOf(table.getOrDefault(state, Map.of()).keySet());
    }

    /**
     * The transition for {@code event} in {@code state}, or an {@link InvalidStateException} that says
     * which events the state does accept.
     */
    public Transition require(ProvisionState state, ProvisionEvent event) {
        return next(state, event)
                .map(to -> new Transition(state, event, to))
                .orElseThrow(() -> new InvalidStateException("The requested action \"" + event
                        + "\" can not be performed on a node in provision state \"" + state + "\"; allowed there: "
                        + (eventsFrom(state).isEmpty() ? "nothing"
                                : eventsFrom(state).stream().map(ProvisionEvent::eventName)
                                        .collect(Collectors.joining(", ")))
                        + "."));
    }

    /**
     * The node's {@code target_provision_state} after {@code event} fires in {@code from}: empty once a
     * stable state is reached; a manual clean (from manageable) aims at manageable all through
     * cleaning; otherwise the new state's default target.
     */
    public Optional<ProvisionState> targetAfter(ProvisionState from, ProvisionEvent event,
                                                Optional<ProvisionState> currentTarget) {
        ProvisionState to = require(from, event).to();
        if (to.isStable()) {
            return Optional.empty();
        }
        boolean manualCleanStarts = from == MANAGEABLE && event == CLEAN;
        boolean manualCleanGoesOn = from.isCleaning() && to.isCleaning()
                && currentTarget.equals(Optional.of(MANAGEABLE));
        if (manualCleanStarts || manualCleanGoesOn) {
            return Optional.of(MANAGEABLE);
        }
        return to.defaultTarget();
    }

    /**
     * The stable state a verb aims at when sent in {@code state}: where it lands when that is stable,
     * else the target the node shows meanwhile; empty when the table forbids the verb there.
     */
    public Optional<ProvisionState> targetOfVerb(ProvisionState state, ProvisionEvent verb) {
        return next(state, verb).flatMap(to -> to.isStable()
                ? Optional.of(to)
                : targetAfter(state, verb, Optional.empty()));
    }
}
