/**
 * The contract vendor hardware managers compile against: {@code HardwareManager}, its support level,
 * the capability interfaces and typed steps. It carries no JSON library: the agent's registry
 * ({@code ferrum-hardware-manager-registry}) finds, orders and runs managers and maps their typed
 * values to and from the wire. The protocol module comes along for the inventory records
 * ({@code Disk}, {@code Cpu}, …) that contributors offer.
 */
module dev.ferrum.hardware.spi {
    requires transitive dev.ferrum.protocol;
    // The command runner starts programs through the shared process runner.
    requires dev.ferrum.support;

    exports dev.ferrum.hardware.spi;
}
