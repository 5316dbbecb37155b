package dev.ferrum.conductor.cluster;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The node actions Ironic's API answers after a synchronous RPC call to the node's conductor (for an async vendor
 * method: once the conductor started it), which Ferrum runs on
 * the node's ring owner: a BMC may be reachable only from the conductors of the node's group. Named as Ironic's
 * conductor methods are, which is also how the store and the node's history name them.
 */
public enum OwnerAction {
    SET_BOOT_DEVICE(true),
    GET_BOOT_DEVICE(false),
    GET_SUPPORTED_BOOT_DEVICES(false),
    INJECT_NMI(true),
    GET_SUPPORTED_INDICATORS(false),
    GET_INDICATOR_STATE(false),
    SET_INDICATOR_STATE(true),
    SET_BOOT_MODE(true),
    SET_SECURE_BOOT_STATE(true),
    SET_CONSOLE_MODE(true),
    /** A node's vendor passthru method; it may change the machine, so the owner records it. */
    VENDOR_PASSTHRU(true);

    private final boolean changesNode;

    OwnerAction(boolean changesNode) {
        this.changesNode = changesNode;
    }

    /** Whether the action changes the machine (then the owner records it in the node's history); reads do not. */
    public boolean changesNode() {
        return changesNode;
    }

    /** Ironic's name for it: {@code set_boot_device}, … */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<OwnerAction> fromWireName(String name) {
        return Arrays.stream(values()).filter(a -> a.wireName().equals(name)).findFirst();
    }
}
