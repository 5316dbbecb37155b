package dev.ferrum.pxe.http;

import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.support.net.MacAddress;
import java.util.Optional;

/**
 * What {@link BootFileService} asks when a machine fetches its boot script; the conductor
 * implements it from its node and port state. Both answers must be cheap: iPXE is waiting.
 */
public interface BootScriptSource {

    /**
     * The boot for the node that has a port with {@code mac}, e.g. an inspect, deploy or clean
     * ramdisk, or the local disk once deployed; empty when no node has this MAC.
     */
    Optional<BootScript> scriptFor(MacAddress mac);

    /**
     * The inspection boot given to MACs no node has, present only while an inspection with
     * discovery runs; empty otherwise, and unknown machines are sent to their next boot device.
     */
    Optional<BootScript.AgentBoot> discovery();

    /** A source that knows no MACs and never discovers: every machine is sent on. */
    static BootScriptSource none() {
        return NoBootScripts.INSTANCE;
    }
}
