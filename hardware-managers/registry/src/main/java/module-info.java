/**
 * The agent side of the hardware-manager contract: finds managers with {@link java.util.ServiceLoader},
 * orders them by support, dispatches work to them, merges their steps and maps typed steps, node
 * reads, progress, inventory extras and root-device hints to and from the wire's JSON. Plugins never
 * depend on it.
 */
module dev.ferrum.hardware.registry {
    requires transitive dev.ferrum.hardware.spi;
    requires transitive com.fasterxml.jackson.databind;

    exports dev.ferrum.hardware.registry;

    uses dev.ferrum.hardware.spi.HardwareManager;
}
