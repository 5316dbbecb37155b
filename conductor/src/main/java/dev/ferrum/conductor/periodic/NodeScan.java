package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Every node a query matches, read page by page before a periodic pass works on any of them. */
final class NodeScan {
    private NodeScan() {
    }

    /** The whole list first: updates during the pass must not shift later pages. */
    static List<Node> all(Store store, NodeQuery query) {
        List<Node> nodes = new ArrayList<>();
        Optional<UUID> marker = Optional.empty();
        do {
            Page<Node> page = store.nodes().list(marker.map(query::after).orElse(query));
            nodes.addAll(page.items());
            marker = page.nextMarker();
        } while (marker.isPresent());
        return nodes;
    }
}
