/**
 * An example vendor hardware manager for the fictional "Acme" server line. Vendors copy this
 * module to start their own plugin; every file explains the part of the contract it shows.
 */
module dev.ferrum.hardware.example {
    // The SPI brings the protocol records (Disk, Inventory, Step) and Jackson with it.
    requires dev.ferrum.hardware.spi;

    // How the agent finds the plugin when it runs as a module (the jlinked ramdisk).
    // META-INF/services/dev.ferrum.hardware.spi.HardwareManager says the same for the class path.
    provides dev.ferrum.hardware.spi.HardwareManager with dev.ferrum.hardware.example.AcmeHardwareManager;
}
