package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.time.Duration;

/**
 * What a machine's network boot should do, one of: boot the agent ramdisk for a purpose, boot
 * from its local disk, fetch its own per-MAC script (the default script every machine starts
 * with), or step aside to the next boot device with a message (an unknown machine while
 * discovery is off). The renderers turn each into iPXE or pxelinux text.
 */
public sealed interface BootScript
        permits BootScript.AgentBoot, BootScript.LocalDisk, BootScript.ChainByMac, BootScript.NextDevice {

    /**
     * Boot the agent ramdisk to inspect, deploy or clean. The command line must carry the
     * parameter the purpose needs ({@link BootPurpose#requiredParameter()}).
     */
    record AgentBoot(BootPurpose purpose, AgentRamdisk ramdisk, RetryPolicy retry) implements BootScript {
        public AgentBoot {
            if (!ramdisk.has(purpose.requiredParameter())) {
                throw new PxeException("a " + purpose.label() + " boot needs kernel parameter '" + purpose.requiredParameter()
                        + "' or the agent will not know where to call; add it to the ramdisk's parameters");
            }
        }
    }

    /** Boot the deployed operating system from the local disk. */
    record LocalDisk(LocalBootMethod method) implements BootScript {
    }

    /**
     * Fetch {@code <scripts>/<mac>.ipxe} for the booting NIC ({@code ${mac:hexhyp}}), retrying
     * per {@code retry}; the script every machine is first given by DHCP.
     */
    record ChainByMac(HttpUrl scripts, RetryPolicy retry) implements BootScript {
    }

    /**
     * Print {@code message}, wait {@code pause} so it can be read, and leave network boot so the
     * firmware tries its next device.
     */
    record NextDevice(ConsoleText message, Duration pause) implements BootScript {
        public NextDevice {
            if (pause.isNegative() || pause.toNanos() % 1_000_000_000L != 0 || pause.toSeconds() > 3600) {
                throw new PxeException("pause must be whole seconds between 0 and 3600, not " + pause);
            }
        }
    }
}
