package dev.ferrum.conductor.driver.boot;

import dev.ferrum.pxe.script.BootScript;
import java.util.Optional;

/**
 * Where the boot interfaces put what a node's MACs boot, and the PXE filter whether unknown machines
 * get the discovery boot; the boot-file service reads it back as a {@code BootScriptSource}.
 */
public interface BootBoard {

    /**
     * Serves {@code target}'s MACs the boot {@code state} from now on; {@code script} is how this
     * conductor renders it, already checked to be buildable.
     */
    void publish(BootTarget target, BootState state, BootScript script);

    /** Stops serving {@code target}'s MACs a boot of their own. */
    void withdraw(BootTarget target);

    /** Serves {@code boot} to unknown MACs (discovery on), or nothing (empty: discovery off). */
    void setDiscovery(Optional<BootScript.AgentBoot> boot);
}
