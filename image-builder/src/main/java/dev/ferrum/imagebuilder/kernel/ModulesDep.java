package dev.ferrum.imagebuilder.kernel;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses and writes {@code modules.dep}: one line per module, {@code path: dep dep ...}, paths
 * relative to {@code /lib/modules/<version>}. Depmod lists a module's dependencies so that loading
 * them from the last to the first works.
 */
public final class ModulesDep {
    private ModulesDep() {
    }

    /** Module path to its dependency paths, in file order. Blank and malformed lines are skipped. */
    public static Map<String, List<String>> parse(String text) {
        Map<String, List<String>> dependencies = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (line.isBlank() || colon <= 0) {
                continue;
            }
            String rest = line.substring(colon + 1).strip();
            List<String> deps = rest.isEmpty() ? List.of() : Arrays.asList(rest.split("\\s+"));
            dependencies.put(line.substring(0, colon).strip(), List.copyOf(deps));
        }
        return dependencies;
    }

    /** Renders modules in the given order, each with its dependencies as given. */
    public static String render(Map<String, List<String>> dependencies) {
        StringBuilder text = new StringBuilder();
        dependencies.forEach((module, deps) -> {
            text.append(module).append(':');
            deps.forEach(dep -> text.append(' ').append(dep));
            text.append('\n');
        });
        return text.toString();
    }
}
