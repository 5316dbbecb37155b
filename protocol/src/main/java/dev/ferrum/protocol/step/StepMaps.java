package dev.ferrum.protocol.step;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Immutable, order-keeping copies of the per-manager step maps. */
final class StepMaps {
    private StepMaps() {
    }

    static Map<String, List<Step>> copy(Map<String, List<Step>> byManager) {
        if (byManager == null) {
            return Map.of();
        }
        Map<String, List<Step>> copy = new LinkedHashMap<>();
        byManager.forEach((manager, steps) -> copy.put(manager, steps == null ? List.of() : List.copyOf(steps)));
        return Collections.unmodifiableMap(copy);
    }

    static List<Step> flatten(Map<String, List<Step>> byManager) {
        List<Step> all = new ArrayList<>();
        byManager.values().forEach(all::addAll);
        return List.copyOf(all);
    }
}
