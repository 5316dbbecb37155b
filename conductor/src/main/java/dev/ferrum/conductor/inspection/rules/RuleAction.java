package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/** What a rule does to a node whose data matched its conditions, one record per inspector action. */
public sealed interface RuleAction {

    /** Applies the action to the node's editable document. */
    void apply(NodeDocument node);

    /** As the rules API shows it. */
    ObjectNode toJson();

    /** For the node's history; values that may be secrets are left out. */
    default String describe() {
        return toJson().get("action").asText();
    }

    private static ObjectNode named(String action) {
        return JsonNodeFactory.instance.objectNode().put("action", action);
    }

    /** Hides values written into driver_info or anything named like a secret. */
    private static String shown(String path, JsonNode value) {
        String lower = path.toLowerCase(Locale.ROOT);
        boolean secret = lower.startsWith("/driver_info") || lower.contains("password") || lower.contains("secret");
        return secret ? "(value not shown)" : value.toString();
    }

    /** Fails the inspection with the rule's message. */
    record Fail(String message) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            throw new RuleFailure(message);
        }

        @Override
        public ObjectNode toJson() {
            return named("fail").put("message", message);
        }
    }

    /** Sets the value at a JSON pointer into the node ({@code /properties/x}, {@code /driver_info/y}, ...). */
    record SetAttribute(String path, JsonNode value) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            node.set(path, value);
        }

        @Override
        public ObjectNode toJson() {
            ObjectNode out = named("set-attribute").put("path", path);
            out.set("value", value);
            return out;
        }

        @Override
        public String describe() {
            return "set-attribute " + path + " = " + shown(path, value);
        }
    }

    /** Sets one capability in {@code properties/capabilities}. */
    record SetCapability(String name, String value) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            node.setCapability(name, value);
        }

        @Override
        public ObjectNode toJson() {
            return named("set-capability").put("name", name).put("value", value);
        }

        @Override
        public String describe() {
            return "set-capability " + name + ":" + value;
        }
    }

    /** Appends to the list at a JSON pointer, skipping a value already there when {@code unique}. */
    record ExtendAttribute(String path, JsonNode value, boolean unique) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            node.extend(path, value, unique);
        }

        @Override
        public ObjectNode toJson() {
            ObjectNode out = named("extend-attribute").put("path", path).put("unique", unique);
            out.set("value", value);
            return out;
        }

        @Override
        public String describe() {
            return "extend-attribute " + path + " += " + shown(path, value);
        }
    }

    record AddTrait(String name) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            node.addTrait(name);
        }

        @Override
        public ObjectNode toJson() {
            return named("add-trait").put("name", name);
        }

        @Override
        public String describe() {
            return "add-trait " + name;
        }
    }

    record RemoveTrait(String name) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            node.removeTrait(name);
        }

        @Override
        public ObjectNode toJson() {
            return named("remove-trait").put("name", name);
        }

        @Override
        public String describe() {
            return "remove-trait " + name;
        }
    }

    record SetResourceClass(String resourceClass) implements RuleAction {
        @Override
        public void apply(NodeDocument node) {
            node.set("/resource_class", JsonNodeFactory.instance.textNode(resourceClass));
        }

        @Override
        public ObjectNode toJson() {
            return named("set-resource-class").put("resource_class", resourceClass);
        }

        @Override
        public String describe() {
            return "set-resource-class " + resourceClass;
        }
    }
}
