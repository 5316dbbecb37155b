package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.template.DeployTemplate;
import dev.ferrum.protocol.step.Step;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides a deploy's steps as Ironic does: the operator's {@code deploy_steps}, then the steps of the
 * deploy templates named by {@code instance_info.traits} (a template step the operator also gave is
 * the operator's), each checked against the steps the node can run (the deploy method's own plus the
 * agent's); they override those steps' priority and arguments, priority 0 disabling one; the enabled
 * steps run highest priority first, ties by interface (vendor, power, management, firmware, deploy,
 * bios, raid). Refusals are {@link InvalidInputException}s with Ironic's messages.
 */
final class DeployStepPlanner {
    /** The one step that boots the ramdisk: it may be disabled but never re-prioritised. */
    static final String CORE = "deploy.deploy";
    private static final Map<String, Integer> INTERFACE_ORDER = Map.of("vendor", 7, "power", 6, "management", 5,
            "firmware", 4, "deploy", 3, "bios", 2, "raid", 1);
    private static final String USER_PREFIX = "Validation of deploy steps from \"deploy steps\" argument failed.";

    private DeployStepPlanner() {
    }

    /** A deploy's requested steps: the operator's and the matching templates'. */
    record Requested(List<PlannedStep> user, List<DeployTemplate> templates) {
        Requested {
            user = List.copyOf(user);
            templates = List.copyOf(templates);
        }
    }

    /**
     * Checks the requested steps against {@code known}; with {@code skipMissing} (the agent's steps are
     * not known yet) a step nobody offers is left for later rather than refused.
     */
    static void validate(Requested requested, List<Step> known, boolean skipMissing) {
        checked(requested.user(), known, skipMissing, USER_PREFIX);
        checked(templateSteps(requested.templates()), known, skipMissing, templatePrefix(requested.templates()));
    }

    /**
     * The whole plan: {@code conductorSteps} run by the conductor, {@code agentSteps} by the agent. A
     * conductor step wins over an agent step of the same name.
     */
    static StepPlan plan(Requested requested, List<Step> conductorSteps, List<Step> agentSteps) {
        Map<String, Step> known = new LinkedHashMap<>();
        conductorSteps.forEach(step -> known.putIfAbsent(id(step), step));
        agentSteps.forEach(step -> known.putIfAbsent(id(step), step));
        List<Step> offered = List.copyOf(known.values());
        List<PlannedStep> user = new ArrayList<>(checked(requested.user(), offered, false, USER_PREFIX));
        Set<String> given = user.stream().map(p -> id(p.step())).collect(Collectors.toSet());
        checked(templateSteps(requested.templates()), offered, false, templatePrefix(requested.templates())).stream()
                .filter(step -> !given.contains(id(step.step()))).forEach(user::add);
        Set<String> overridden = user.stream().map(p -> id(p.step())).collect(Collectors.toSet());
        List<PlannedStep> steps = new ArrayList<>();
        offered.stream().filter(step -> step.priority() > 0 && !overridden.contains(id(step)))
                .map(PlannedStep::of).forEach(steps::add);
        user.stream().filter(step -> step.step().priority() > 0).forEach(steps::add);
        // A stable sort, highest first, as Ironic's reversed sort keeps equal steps in their order.
        steps.sort(Comparator.comparingInt((PlannedStep p) -> p.step().priority())
                .thenComparingInt(p -> INTERFACE_ORDER.getOrDefault(p.step().interfaceName(), 0)).reversed());
        return StepPlan.of(StepKind.DEPLOY, steps);
    }

    /**
     * The requested steps the node can run, carrying the offered step's flags (reboot_requested,
     * argsinfo) with the requested priority and arguments; every problem is reported at once.
     */
    private static List<PlannedStep> checked(List<PlannedStep> requested, List<Step> known, boolean skipMissing,
                                             String prefix) {
        Map<String, Step> byId = new LinkedHashMap<>();
        known.forEach(step -> byId.put(id(step), step));
        List<String> errors = new ArrayList<>();
        List<PlannedStep> result = new ArrayList<>();
        for (PlannedStep wanted : requested) {
            if (wanted.isReserved()) {
                // Ironic's reserved steps: no interface offers them, the conductor runs them by name.
                result.add(wanted);
                continue;
            }
            Step offered = byId.get(id(wanted.step()));
            if (offered == null) {
                if (!skipMissing) {
                    errors.add("node does not support this deploy step: " + repr(wanted));
                }
                continue;
            }
            Set<String> unexpected = new LinkedHashSet<>(wanted.args().keys());
            offered.argsinfo().properties().forEach(entry -> unexpected.remove(entry.getKey()));
            if (!unexpected.isEmpty()) {
                errors.add("deploy step " + repr(wanted) + " has these unexpected arguments: "
                        + String.join(", ", unexpected));
            }
            if (wanted.step().priority() > 0) {
                List<String> missing = new ArrayList<>();
                offered.argsinfo().properties().forEach(entry -> {
                    if (entry.getValue().path("required").asBoolean(false) && wanted.args().get(entry.getKey()).isEmpty()) {
                        String description = entry.getValue().path("description").asText("");
                        missing.add(entry.getKey() + (description.isEmpty() ? "" : " (" + description + ")"));
                    }
                });
                if (!missing.isEmpty()) {
                    errors.add("deploy step " + repr(wanted) + " is missing these required arguments: "
                            + String.join(", ", missing));
                }
                if (id(offered).equals(CORE)) {
                    errors.add("deploy step deploy on interface deploy is a core step and cannot be overridden by"
                            + " user steps. It may be disabled by setting the priority to 0");
                }
            }
            result.add(new PlannedStep(offered.withPriority(wanted.step().priority()), wanted.args()));
        }
        // Reserved steps may repeat (two waits, a power_off then another), as Ironic leaves them out of this check.
        Map<String, Long> counts = result.stream().filter(p -> !p.isReserved()).collect(Collectors.groupingBy(p -> id(p.step()),
                LinkedHashMap::new, Collectors.counting()));
        List<String> duplicates = counts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey)
                .toList();
        if (!duplicates.isEmpty()) {
            errors.add("deploy steps from all deploy templates matching this node's instance traits cannot have the"
                    + " same interface and step. Duplicate deploy steps for " + String.join(", ", duplicates));
        }
        if (!errors.isEmpty()) {
            // Ironic joins the prefix and the errors with nothing between them.
            throw new InvalidInputException(prefix + String.join("; ", errors));
        }
        return result;
    }

    private static List<PlannedStep> templateSteps(List<DeployTemplate> templates) {
        List<PlannedStep> steps = new ArrayList<>();
        templates.forEach(template -> template.steps().forEach(step -> steps.add(new PlannedStep(
                new Step(step.step(), step.priority(), step.iface(), false, false,
                        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()), step.args()))));
        return steps;
    }

    private static String templatePrefix(List<DeployTemplate> templates) {
        return "Validation of deploy steps from deploy templates matching this node's instance traits failed."
                + " Matching deploy templates: " + templates.stream().map(DeployTemplate::name)
                .collect(Collectors.joining(",")) + ". Errors: ";
    }

    /** {@code interface.step}, Ironic's step id. */
    static String id(Step step) {
        return step.interfaceName() + "." + step.step();
    }

    /** A requested step as Ironic prints it in its messages: a Python dict. */
    static String repr(PlannedStep step) {
        return "{'interface': " + quote(step.step().interfaceName()) + ", 'step': " + quote(step.step().step())
                + ", 'args': " + repr(step.args().toObjectNode()) + ", 'priority': " + step.step().priority() + "}";
    }

    private static String repr(JsonNode value) {
        if (value.isObject()) {
            return value.properties().stream().map(e -> quote(e.getKey()) + ": " + repr(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(repr(item)));
            return "[" + String.join(", ", items) + "]";
        }
        if (value.isTextual()) {
            return quote(value.asText());
        }
        if (value.isBoolean()) {
            return value.asBoolean() ? "True" : "False";
        }
        return value.isNull() ? "None" : value.toString();
    }

    private static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
