package dev.ferrum.conductor.driver.console;

import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;

/** The empty console slot ({@code no-console}): every request is refused as an unsupported extension. */
public final class NoConsole implements ConsoleInterface {
    @Override
    public void check(Node node) {
        throw new UnsupportedExtensionException(node.driver(), "console");
    }

    @Override
    public void start(Node node) {
        check(node);
    }

    @Override
    public void stop(Node node) {
        check(node);
    }

    @Override
    public JsonDict info(Node node) {
        check(node);
        return JsonDict.empty();
    }
}
