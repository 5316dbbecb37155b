package dev.ferrum.conductor.inspection;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.inspection.ContinueBody;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The processing hooks a conductor runs over inspection reports: loaded once at start from the ServiceLoader
 * providers on the class path, in the order configured, and run in that order over each report.
 */
public final class ProcessingHooks {
    private ProcessingHooks() {
    }

    /** The hooks {@code names} lists, in that order, from the ServiceLoader providers on the class path. */
    public static List<ProcessingHook> load(List<String> names) {
        return load(names, Map.of());
    }

    /**
     * The hooks {@code names} lists, in that order, each configured with its {@code options} (by hook name, then
     * key). Refuses an unknown hook, and options for a hook that is not among {@code names}: a setting that would
     * silently do nothing.
     */
    public static List<ProcessingHook> load(List<String> names, Map<String, Map<String, String>> options) {
        Map<String, ProcessingHook> available = new LinkedHashMap<>();
        ServiceLoader.load(ProcessingHook.class).forEach(hook -> available.putIfAbsent(hook.name(), hook));
        for (String configured : options.keySet()) {
            if (!names.contains(configured)) {
                throw new IllegalArgumentException("--inspection-hook-option names hook \"" + configured + "\", which"
                        + " is not enabled; enabled: " + names + " (--inspection-hooks)");
            }
        }
        List<ProcessingHook> chosen = new ArrayList<>();
        for (String name : names) {
            ProcessingHook hook = available.get(name);
            if (hook == null) {
                throw new IllegalArgumentException("No processing hook named \"" + name + "\"; available: "
                        + available.keySet());
            }
            chosen.add(hook.configure(options.getOrDefault(name, Map.of())));
        }
        return chosen;
    }

    /**
     * What {@code hooks}, run in order over {@code report}, found for {@code node}; the first hook that fails
     * ends the run with its {@link InspectionException}.
     */
    static InspectionOutcome run(List<ProcessingHook> hooks, Node node, ContinueBody report) {
        InspectionOutcome outcome = new InspectionOutcome(node);
        for (ProcessingHook hook : hooks) {
            hook.process(report, outcome);
        }
        return outcome;
    }
}
