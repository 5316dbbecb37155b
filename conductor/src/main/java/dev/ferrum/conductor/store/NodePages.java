package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Every node a query matches, read page by page before any is worked on: a periodic task that changes nodes while
 * it walks a listing would shift the later pages under itself.
 */
public final class NodePages {
    private NodePages() {
    }

    public static List<Node> all(NodeStore nodes, NodeQuery query) {
        List<Node> all = new ArrayList<>();
        Optional<UUID> marker = Optional.empty();
        do {
            Page<Node> page = nodes.list(marker.map(query::after).orElse(query));
            all.addAll(page.items());
            marker = page.nextMarker();
        } while (marker.isPresent());
        return all;
    }
}
