package dev.ferrum.pxe.script;

/**
 * Why a node boots the agent ramdisk, and so which callback parameter the agent must be given:
 * an inspecting agent posts to the inspection callback, a deploying or cleaning one looks up and
 * heartbeats on the conductor API. A network-booted instance is served the same way with its own
 * kernel, ramdisk and root filesystem.
 */
public enum BootPurpose {
    INSPECT("inspect", "ipa-inspection-callback-url"),
    DEPLOY("deploy", "ipa-api-url"),
    CLEAN("clean", "ipa-api-url"),
    /**
     * The deployed instance's own kernel and ramdisk (a partition image deployed with
     * {@code boot_option: netboot}): without {@code root=} its kernel would not find its root filesystem.
     */
    INSTANCE("instance", "root");

    private final String label;
    private final String requiredParameter;

    BootPurpose(String label, String requiredParameter) {
        this.label = label;
        this.requiredParameter = requiredParameter;
    }

    /** Lower-case name used in script comments and messages. */
    public String label() {
        return label;
    }

    /** The kernel parameter without which the agent would not know where to call. */
    public String requiredParameter() {
        return requiredParameter;
    }
}
