package dev.ferrum.conductor.api.actions;

import dev.ferrum.conductor.node.NodeInterfaces;
import java.util.List;
import java.util.Optional;

/**
 * What the API needs to know about hardware types: which are enabled, and how a node's interface
 * slots are filled when a client names some of them (the rest take the type's defaults).
 */
public interface DriverCatalog {

    /** Every enabled hardware type, by name. */
    List<DriverSummary> drivers();

    /** The enabled hardware type called {@code name}, if any. */
    default Optional<DriverSummary> driver(String name) {
        return drivers().stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /**
     * {@code requested} completed with {@code driver}'s defaults; an unknown driver or an
     * implementation the type does not allow is an {@code InvalidInputException} naming the choices.
     */
    NodeInterfaces resolveInterfaces(String driver, NodeInterfaces requested);
}
