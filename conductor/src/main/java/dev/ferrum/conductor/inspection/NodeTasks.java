package dev.ferrum.conductor.inspection;

import dev.ferrum.conductor.store.NodeLock;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Runs work on a node later, off the caller's thread, holding the node's lock (the conductor's
 * {@code NodeWork} in production). The inspection callback hands it the power-off, so the ramdisk gets
 * its answer before the BMC is asked anything.
 */
@FunctionalInterface
public interface NodeTasks {
    void submit(UUID node, String what, Consumer<NodeLock> task);
}
