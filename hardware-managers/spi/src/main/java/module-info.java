/**
 * The contract vendor hardware managers implement, and the registry that finds them with
 * {@link java.util.ServiceLoader}, orders them by how well they support this machine and
 * dispatches work to them.
 */
module dev.ferrum.hardware.spi {
    requires transitive dev.ferrum.protocol;
    // The command runner starts programs through the shared process runner.
    requires dev.ferrum.support;

    exports dev.ferrum.hardware.spi;

    uses dev.ferrum.hardware.spi.HardwareManager;
}
