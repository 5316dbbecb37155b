package dev.ferrum.sandbox.machine;

/** How a simulated machine network-boots; owned by {@link SimulatedMachine}, faked in its tests. */
public interface NetworkBootFirmware {

    /** Boots {@code machine} from the network: whatever its boot server hands it now runs. Returns quickly. */
    BootedSystem networkBoot(SimulatedMachine machine);
}
