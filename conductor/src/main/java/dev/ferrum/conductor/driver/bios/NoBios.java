package dev.ferrum.conductor.driver.bios;

import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.node.Node;
import java.util.Map;

/** The empty BIOS slot ({@code no-bios}): nothing is cached and every request is an unsupported extension. */
public final class NoBios implements BiosInterface {
    @Override
    public void cacheSettings(Node node) {
        throw new UnsupportedExtensionException(node.driver(), "bios");
    }

    @Override
    public void applyConfiguration(Node node, Map<String, String> settings) {
        throw new UnsupportedExtensionException(node.driver(), "bios");
    }

    @Override
    public void factoryReset(Node node) {
        throw new UnsupportedExtensionException(node.driver(), "bios");
    }
}
