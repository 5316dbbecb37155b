package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs rules, in order, over one node's processed inspection data: a rule in the node's scope whose conditions
 * all hold has its actions applied to the node's document, each later rule seeing the earlier ones' edits. A
 * {@code fail} action, or an action that cannot be applied, stops there and names the rule.
 */
public final class RuleEngine {

    /**
     * What the rules did: the edited node document, one note per match and per action (for the history), and the
     * failure that stopped them, if any.
     */
    public record Result(NodeDocument node, List<String> notes, Optional<String> failure) {
        public Result {
            Objects.requireNonNull(node, "node");
            notes = List.copyOf(notes);
            Objects.requireNonNull(failure, "failure");
        }
    }

    private RuleEngine() {
    }

    public static Result run(List<InspectionRule> rules, Node node, JsonNode data) {
        NodeDocument document = new NodeDocument(node);
        List<String> notes = new ArrayList<>();
        Optional<String> scope = node.properties().string("inspection_scope");
        for (InspectionRule rule : rules) {
            if (!rule.inScope(scope)) {
                continue;
            }
            JsonNode view = document.view();
            if (!rule.conditions().stream().allMatch(c -> c.holds(data, view))) {
                continue;
            }
            notes.add("Inspection rule " + rule.label() + " matched");
            for (RuleAction action : rule.actions()) {
                try {
                    action.apply(document);
                } catch (RuleFailure failure) {
                    String message = "Inspection rule " + rule.label() + " failed the inspection: "
                            + failure.getMessage();
                    notes.add(message);
                    return new Result(document, notes, Optional.of(message));
                }
                notes.add("Inspection rule " + rule.label() + " applied " + action.describe());
            }
        }
        return new Result(document, notes, Optional.empty());
    }
}
