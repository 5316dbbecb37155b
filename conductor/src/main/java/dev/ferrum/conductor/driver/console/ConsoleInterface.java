package dev.ferrum.conductor.driver.console;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;

/**
 * A driver's console slot: whether the node's console can be served at all ({@link #check}), starting and
 * stopping it, and how to reach it while it runs ({@code console_info}: type and url for a real one).
 */
public interface ConsoleInterface {

    /** Refuses ({@code UnsupportedExtensionException}, {@code InvalidInputException}) when no console can run. */
    void check(Node node);

    void start(Node node);

    void stop(Node node);

    /** How to reach the running console. */
    JsonDict info(Node node);
}
