package dev.ferrum.conductor.driver.boot;

import dev.ferrum.pxe.script.BootPurpose;

/** Why a node boots the agent ramdisk. */
public enum RamdiskPurpose {
    INSPECT(BootPurpose.INSPECT),
    DEPLOY(BootPurpose.DEPLOY),
    CLEAN(BootPurpose.CLEAN),
    // A rescue agent, like a deploying one, looks up and heartbeats on the API.
    RESCUE(BootPurpose.DEPLOY),
    // Servicing runs steps in the agent as cleaning does.
    SERVICE(BootPurpose.CLEAN);

    private final BootPurpose scriptPurpose;

    RamdiskPurpose(BootPurpose scriptPurpose) {
        this.scriptPurpose = scriptPurpose;
    }

    /** The purpose the boot script records, which fixes the callback parameter the agent needs. */
    public BootPurpose scriptPurpose() {
        return scriptPurpose;
    }
}
