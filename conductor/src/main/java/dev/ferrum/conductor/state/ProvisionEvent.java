package dev.ferrum.conductor.state;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What can move a node between provision states: the verbs a client sends as {@code target} to
 * {@code PUT /v1/nodes/<node>/states/provision}, and the events the conductor raises itself while a
 * flow runs. {@link #eventName()} is Ironic's name for the event (what history records).
 */
public enum ProvisionEvent {
    // API verbs; apiTargets are the accepted "target" strings.
    MANAGE("manage", List.of("manage")),
    PROVIDE("provide", List.of("provide")),
    INSPECT("inspect", List.of("inspect")),
    /** A manual clean from the API, and also how deleting hands over to cleaning. */
    CLEAN("clean", List.of("clean")),
    DEPLOY("deploy", List.of("active", "deploy")),
    UNDEPLOY("delete", List.of("deleted", "undeploy")),
    REBUILD("rebuild", List.of("rebuild")),
    ABORT("abort", List.of("abort")),
    ADOPT("adopt", List.of("adopt")),
    RESCUE("rescue", List.of("rescue")),
    UNRESCUE("unrescue", List.of("unrescue")),
    /** Runs service steps on an active node (API 1.87). */
    SERVICE("service", List.of("service")),
    /** Releases a node a hold step paused (API 1.85). */
    UNHOLD("unhold", List.of("unhold")),

    // Internal events: raised by the conductor, never accepted from the API.
    /** A hold step pauses deploying or cleaning until an operator sends unhold. */
    HOLD("hold", List.of()),
    DONE("done", List.of()),
    FAIL("fail", List.of()),
    WAIT("wait", List.of()),
    RESUME("resume", List.of()),
    /** Ferrum's own event: a wait state's deadline passed (Ironic raises "fail" here). */
    TIMEOUT("timeout", List.of());

    private final String eventName;
    private final List<String> apiTargets;

    ProvisionEvent(String eventName, List<String> apiTargets) {
        this.eventName = eventName;
        this.apiTargets = apiTargets;
    }

    /** Ironic's internal event name, e.g. {@code delete} for {@link #UNDEPLOY}. */
    public String eventName() {
        return eventName;
    }

    /** The API {@code target} strings that name this verb; empty for internal events. */
    public List<String> apiTargets() {
        return apiTargets;
    }

    /** Whether clients may send this event through the provision-state API. */
    public boolean isApiVerb() {
        return !apiTargets.isEmpty();
    }

    /** The verb an API {@code target} names, e.g. {@code "active"} → {@link #DEPLOY}. */
    public static Optional<ProvisionEvent> fromApiTarget(String target) {
        return Arrays.stream(values()).filter(e -> e.apiTargets.contains(target)).findFirst();
    }

    /** Parses Ironic's event name (as stored in history); an unknown one is the caller's error. */
    public static ProvisionEvent fromEventName(String eventName) {
        return Arrays.stream(values()).filter(e -> e.eventName.equals(eventName)).findFirst()
                .orElseThrow(() -> new InvalidInputException("Unknown provision event '" + eventName + "'"));
    }

    @Override
    public String toString() {
        return eventName;
    }
}
