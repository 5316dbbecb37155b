package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.support.net.MacAddress;
import java.util.List;
import java.util.Objects;

/** A node and the MAC addresses of its ports: what a boot interface needs to serve its boot. */
public record BootTarget(Node node, List<MacAddress> macs) {
    public BootTarget {
        Objects.requireNonNull(node, "node");
        macs = List.copyOf(macs);
    }
}
