package dev.ferrum.conductor.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders the transition table as a Markdown page with a Mermaid state diagram and a state legend.
 * The committed {@code docs/state-machine.md} is this output; a test keeps them equal, so
 * the picture can never drift from the table.
 */
public final class StateDiagram {
    private final ProvisionStateMachine machine;

    public StateDiagram(ProvisionStateMachine machine) {
        this.machine = machine;
    }

    /** The whole page, byte-stable for a given table (newline-terminated, no timestamps). */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Provision state machine\n\n");
        out.append("<!-- Generated from ProvisionStateMachine by StateDiagram; do not edit by hand.\n");
        out.append("     Regenerate: ./mvnw -B -ntp -pl conductor -am verify -Dferrum.regenerate.docs=true -->\n\n");
        out.append("Every provision-state change in the conductor goes through this table. Edges name the\n");
        out.append("events (Ironic's event names; clients send the verbs as `target` to\n");
        out.append("`PUT /v1/nodes/<node>/states/provision`, the conductor raises the rest).\n\n");
        out.append("```mermaid\n").append(mermaid()).append("```\n\n");
        out.append("| state | kind | default target | agent lookup | deadline | failed on takeover |\n");
        out.append("|---|---|---|---|---|---|\n");
        for (ProvisionState state : ProvisionState.values()) {
            out.append("| ").append(state.wireName())
                    .append(" | ").append(state.kind().name().toLowerCase(Locale.ROOT))
                    .append(" | ").append(state.defaultTarget().map(ProvisionState::wireName).orElse(""))
                    .append(" | ").append(state.allowsLookup(false) ? "yes" : state.allowsLookup(true) ? "fast track" : "")
                    .append(" | ").append(state.hasDeadline() ? "yes" : "")
                    .append(" | ").append(state.isFailedOnTakeover() ? "yes" : "")
                    .append(" |\n");
        }
        out.append("\nVerbs (API `target` → event): ");
        out.append(Arrays.stream(ProvisionEvent.values())
                .filter(ProvisionEvent::isApiVerb)
                .map(e -> String.join("/", e.apiTargets().stream().map(t -> "`" + t + "`").toList())
                        + " → " + e.eventName())
                .collect(Collectors.joining(", ")));
        out.append(".\n");
        return out.toString();
    }

    /** The Mermaid {@code stateDiagram-v2} source: one edge per (from, to) pair, events joined. */
    public String mermaid() {
        StringBuilder out = new StringBuilder("stateDiagram-v2\n");
        for (ProvisionState state : ProvisionState.values()) {
            out.append("    state \"").append(state.wireName()).append("\" as ").append(id(state)).append('\n');
        }
        out.append("    [*] --> ").append(id(ProvisionState.ENROLL)).append('\n');
        Map<String, List<String>> edges = new LinkedHashMap<>();
        for (Transition row : machine.transitions()) {
            edges.computeIfAbsent(id(row.from()) + " --> " + id(row.to()), k -> new ArrayList<>())
                    .add(row.event().eventName());
        }
        edges.forEach((edge, events) ->
                out.append("    ").append(edge).append(" : ").append(String.join(", ", events)).append('\n'));
        for (StateKind kind : StateKind.values()) {
            String name = kind.name().toLowerCase(Locale.ROOT);
            out.append("    classDef ").append(name).append(' ').append(style(kind)).append('\n');
            List<String> members = Arrays.stream(ProvisionState.values())
                    .filter(s -> s.kind() == kind).map(StateDiagram::id).toList();
            out.append("    class ").append(String.join(",", members)).append(' ').append(name).append('\n');
        }
        return out.toString();
    }

    private static String id(ProvisionState state) {
        return state.name().toLowerCase(Locale.ROOT);
    }

    private static String style(StateKind kind) {
        return switch (kind) {
            case STABLE -> "fill:#d4edda,stroke:#2e7d32";
            case TRANSIENT -> "fill:#e3f2fd,stroke:#1565c0";
            case FAILED -> "fill:#f8d7da,stroke:#c62828";
            case HOLD -> "fill:#fff3cd,stroke:#f9a825";
        };
    }
}
