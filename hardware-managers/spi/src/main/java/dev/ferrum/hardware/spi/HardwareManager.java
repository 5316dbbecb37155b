package dev.ferrum.hardware.spi;

/**
 * A plugin that knows some hardware. It says how well it supports this machine, and it offers
 * capabilities by implementing the small capability interfaces of this package
 * ({@link InventoryContributor}, {@link BmcAddressReader}, {@link RootDeviceSelector},
 * {@link StepProvider}). Implementations are found with {@link java.util.ServiceLoader}, so they
 * need a public no-argument constructor and must not touch the machine before
 * {@link #evaluateSupport}.
 */
public interface HardwareManager {

    /** A stable, unique name: the key steps and answers are reported under. */
    String name();

    /** The manager's own version, reported to the conductor with its steps. */
    String version();

    /** How well this manager supports the machine {@code machine} describes; never null. */
    SupportLevel evaluateSupport(MachineContext machine);

    /**
     * Prepares the manager once it is selected (support above NONE), in support order. The
     * default does nothing.
     */
    default void initialise(MachineContext machine) {
    }
}
