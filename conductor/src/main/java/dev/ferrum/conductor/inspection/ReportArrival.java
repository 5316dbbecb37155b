package dev.ferrum.conductor.inspection;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.Store;

/**
 * Whether the ramdisk's report of a node's current inspection has arrived: its raw data was saved since the
 * inspection started. The introspection status and a takeover both ask it; a report from an earlier inspection
 * does not count.
 */
public final class ReportArrival {
    private ReportArrival() {
    }

    public static boolean received(Store store, Node node) {
        return node.inspectionStartedAt().flatMap(started -> store.introspection()
                .savedAt(node.uuid(), IntrospectionDataKind.UNPROCESSED).map(saved -> !saved.isBefore(started)))
                .orElse(false);
    }
}
