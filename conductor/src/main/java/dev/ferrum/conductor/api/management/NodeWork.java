package dev.ferrum.conductor.api.management;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Work on a node that Ironic's conductor does after the API answered: it runs on a worker under the node's
 * lock, and a failure is recorded as the node's {@code last_error} (prefixed with {@code failure}).
 */
final class NodeWork {
    /** How long a request waits for the node's lock before answering 409, as Ironic retries. */
    private static final java.time.Duration LOCK_WAIT = java.time.Duration.ofSeconds(2);
    private static final System.Logger LOG = System.getLogger(NodeWork.class.getName());

    private final Store store;
    private final String conductor;
    private final Executor worker;

    NodeWork(Store store, String conductor, Executor worker) {
        this.store = store;
        this.conductor = conductor;
        this.worker = worker;
    }

    /** Clears last_error now (a new operation starts), then runs {@code work} later. */
    void afterAnswer(UUID nodeUuid, String failure, Consumer<Node> work) {
        setLastError(nodeUuid, Optional.empty());
        worker.execute(() -> {
            try {
                store.locks().withLockWaiting(nodeUuid, conductor, LOCK_WAIT, lock -> {
                    work.accept(store.nodes().get(nodeUuid));
                    return null;
                });
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "node=" + nodeUuid + " " + failure + e.getMessage());
                try {
                    setLastError(nodeUuid, Optional.of(failure + e.getMessage()));
                } catch (RuntimeException recordFailed) {
                    LOG.log(System.Logger.Level.ERROR, "node=" + nodeUuid + " could not record the failure", recordFailed);
                }
            }
        });
    }

    private void setLastError(UUID nodeUuid, Optional<String> error) {
        store.locks().withLockWaiting(nodeUuid, conductor, LOCK_WAIT, lock -> {
            Node current = store.nodes().get(nodeUuid);
            return current.lastError().equals(error) ? current
                    : store.nodes().update(lock, current.version(), b -> b.lastError(error));
        });
    }
}
