package dev.ferrum.conductor.node;

import java.util.Locale;

/**
 * The driver interface slots a node fills (Ironic's {@code *_interface} fields); each slot names the
 * implementation the node uses, chosen from what its hardware type allows.
 */
public enum InterfaceKind {
    BIOS,
    BOOT,
    CONSOLE,
    DEPLOY,
    FIRMWARE,
    INSPECT,
    MANAGEMENT,
    NETWORK,
    POWER,
    RAID,
    RESCUE,
    STORAGE,
    VENDOR;

    /** The node field on the wire, e.g. {@code boot_interface}; also the store's column name. */
    public String fieldName() {
        return name().toLowerCase(Locale.ROOT) + "_interface";
    }
}
