package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An introspection rule in ironic-inspector's shape: when all conditions hold for a node's inspection data (and
 * its {@code properties/inspection_scope} equals the rule's scope, if the rule has one), the actions run in
 * order. Built-in rules come from the file given at start and cannot be deleted through the API.
 */
public record InspectionRule(UUID uuid, Optional<String> description, List<RuleCondition> conditions,
        List<RuleAction> actions, Optional<String> scope, boolean builtIn) {

    public InspectionRule {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(description, "description");
        conditions = List.copyOf(conditions);
        actions = List.copyOf(actions);
        Objects.requireNonNull(scope, "scope");
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("a rule has at least one action");
        }
    }

    /** Whether the rule applies to a node of {@code nodeScope} (its {@code properties/inspection_scope}). */
    public boolean inScope(Optional<String> nodeScope) {
        return scope.isEmpty() || scope.equals(nodeScope);
    }

    /** How the rule is stored and shown in full. */
    public ObjectNode toJson() {
        ObjectNode out = JsonNodeFactory.instance.objectNode().put("uuid", uuid.toString());
        out.put("description", description.orElse(null));
        ArrayNode conds = out.putArray("conditions");
        conditions.forEach(c -> conds.add(c.toJson()));
        ArrayNode acts = out.putArray("actions");
        actions.forEach(a -> acts.add(a.toJson()));
        out.put("scope", scope.orElse(null));
        out.put("built_in", builtIn);
        return out;
    }

    /** A short name for the history: the description, else the uuid. */
    public String label() {
        return description.map(d -> "\"" + d + "\" (" + uuid + ")").orElse(uuid.toString());
    }
}
