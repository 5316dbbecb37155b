/**
 * An example vendor hardware manager for the fictional "Acme" server line. Vendors copy this
 * module to start their own plugin; every file explains the part of the contract it shows.
 */
module dev.ferrum.hardware.example {
    // The whole contract: HardwareManager, typed steps, and the inventory records (Disk, Cpu, …)
    // it brings along. No JSON library: the agent maps arguments and results.
    requires dev.ferrum.hardware.spi;

    // The step's argument and result records: the agent builds and reads them reflectively, so
    // their package is exported. The manager's own package stays closed.
    exports dev.ferrum.hardware.example.firmware;
    // The inventory extra acme_raid_battery is a record too (BatteryState), written reflectively.
    exports dev.ferrum.hardware.example.raid;

    // How the agent finds the plugin when it runs as a module (the jlinked ramdisk).
    // META-INF/services/dev.ferrum.hardware.spi.HardwareManager says the same for the class path.
    provides dev.ferrum.hardware.spi.HardwareManager with dev.ferrum.hardware.example.AcmeHardwareManager;
}
