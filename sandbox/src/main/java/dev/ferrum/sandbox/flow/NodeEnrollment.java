package dev.ferrum.sandbox.flow;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the sandbox enrolls for one machine: the node's body for {@code POST /v1/nodes} (name,
 * driver and interfaces, {@code driver_info}) and the MAC of its port.
 */
public record NodeEnrollment(String name, ObjectNode node, String mac) {
}
