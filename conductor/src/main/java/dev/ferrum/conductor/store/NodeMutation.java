package dev.ferrum.conductor.store;

import dev.ferrum.conductor.node.NodeBuilder;

/**
 * An edit to a node, applied to a builder holding the freshly read node inside the write
 * transaction. It may change any field but identity, bookkeeping (version, times, reservation) and —
 * outside {@link Store#transition} — the provision state.
 */
@FunctionalInterface
public interface NodeMutation {

    void apply(NodeBuilder node);

    /** Changes nothing (a pure state change). */
    static NodeMutation none() {
        return node -> { };
    }
}
