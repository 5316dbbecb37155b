package dev.ferrum.pxe.script;

/**
 * Why a node boots the agent ramdisk, and so which callback parameter the agent must be given:
 * an inspecting agent posts to the inspection callback, a deploying or cleaning one looks up and
 * heartbeats on the conductor API.
 */
public enum BootPurpose {
    INSPECT("inspect", "ipa-inspection-callback-url"),
    DEPLOY("deploy", "ipa-api-url"),
    CLEAN("clean", "ipa-api-url");

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
