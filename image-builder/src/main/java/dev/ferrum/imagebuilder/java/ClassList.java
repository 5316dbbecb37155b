package dev.ferrum.imagebuilder.java;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Makes a {@code -XX:DumpLoadedClassList} file independent of thread timing. Measured on the agent
 * (JDK 25): three training runs gave three different lists, because background threads interleave
 * class loading (so order and {@code id:} numbers vary) and {@code @cp} lines record whichever
 * constant-pool entries happened to be resolved. The set of classes and lambda lines was the same
 * each time. Sorting classes, renumbering ids, sorting lambda lines and dropping {@code @cp} lines
 * yields one list, and {@code -Xshare:dump} of one list is byte-identical run after run.
 */
public final class ClassList {
    private ClassList() {
    }

    public static String canonicalize(String classList) {
        TreeSet<String> classes = new TreeSet<>();
        TreeSet<String> formInvokers = new TreeSet<>();
        TreeSet<String> lambdaProxies = new TreeSet<>();
        for (String raw : classList.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("@cp ")) {
                continue;
            }
            if (line.startsWith("@lambda-form-invoker ")) {
                formInvokers.add(line);
            } else if (line.startsWith("@lambda-proxy ")) {
                lambdaProxies.add(line);
            } else if (line.startsWith("@")) {
                continue; // other directives are optimisations whose content depends on timing
            } else if (!line.contains(" super: ") && !line.contains(" source: ")) {
                // Classes of unregistered loaders refer to other entries by id; they are not
                // archived for the agent's class path anyway, so they go.
                classes.add(line.replaceFirst(" id: \\d+$", ""));
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add("# Canonical class list written by ferrum-image-builder (sorted, renumbered).");
        int id = 0;
        for (String name : classes) {
            lines.add(name + " id: " + id++);
        }
        lines.addAll(formInvokers);
        lines.addAll(lambdaProxies);
        return String.join("\n", lines) + "\n";
    }
}
