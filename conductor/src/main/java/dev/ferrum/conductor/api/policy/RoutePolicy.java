package dev.ferrum.conductor.api.policy;

import java.util.List;
import java.util.Objects;

/**
 * One row of the policy table: a method and a path template ({@code {name}} matches one segment,
 * a trailing {@code **} any rest), Ironic's policy name, its default rule, and what it is checked against.
 */
public record RoutePolicy(String method, String template, String name, Rule rule, TargetKind target) {
    public RoutePolicy {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(target, "target");
    }

    /** Whether this row governs {@code method} on the path split into {@code segments}. */
    boolean matches(String requestMethod, List<String> segments) {
        if (!method.equals("*") && !method.equals(requestMethod)) {
            return false;
        }
        List<String> pattern = PolicyTable.segments(template);
        boolean rest = !pattern.isEmpty() && pattern.get(pattern.size() - 1).equals("**");
        int fixed = rest ? pattern.size() - 1 : pattern.size();
        if (rest ? segments.size() < fixed : segments.size() != fixed) {
            return false;
        }
        for (int i = 0; i < fixed; i++) {
            String part = pattern.get(i);
            if (!part.startsWith("{") && !part.equals(segments.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The path segment the first variable of the template stands at. */
    int firstVariable() {
        List<String> pattern = PolicyTable.segments(template);
        for (int i = 0; i < pattern.size(); i++) {
            if (pattern.get(i).startsWith("{")) {
                return i;
            }
        }
        throw new IllegalStateException(template + " has no variable to find its target by");
    }
}
