package dev.ferrum.conductor.driver.console;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;

/** fake-hardware's console ({@code fake}): starts and stops without doing anything, with empty information. */
public final class FakeConsole implements ConsoleInterface {
    @Override
    public void check(Node node) {
    }

    @Override
    public void start(Node node) {
    }

    @Override
    public void stop(Node node) {
    }

    @Override
    public JsonDict info(Node node) {
        return JsonDict.empty();
    }
}
