package dev.ferrum.conductor.driver.bios;

import dev.ferrum.conductor.node.Node;
import java.util.Map;

/**
 * A driver's BIOS slot: reads the node's settings into the conductor's cache (what {@code /v1/nodes/<id>/bios}
 * lists) and applies new values. Both are cleaning-step work in Ironic; they run with the node locked.
 */
public interface BiosInterface {

    /** Refreshes the cached settings from the machine. */
    void cacheSettings(Node node);

    /** Sets each named setting to its value, then caches the result. */
    void applyConfiguration(Node node, Map<String, String> settings);

    /** Resets the firmware's settings to the factory's, then caches the result. */
    void factoryReset(Node node);
}
