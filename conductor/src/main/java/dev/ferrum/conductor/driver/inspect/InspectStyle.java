package dev.ferrum.conductor.driver.inspect;

/** How an inspect interface learns a node's hardware; the inspection flow branches on it. */
public enum InspectStyle {
    /** Nothing to learn: inspection completes at once ({@code fake}). */
    IMMEDIATE,
    /** The conductor boots the agent ramdisk, which posts its inventory back ({@code agent}). */
    IN_BAND,
    /** A separate ironic-inspector/discoverd service inspects the node ({@code inspector}). */
    REMOTE,
    /** Inspection is not supported ({@code no-inspect}). */
    NONE
}
