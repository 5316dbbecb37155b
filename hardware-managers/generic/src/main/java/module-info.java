/**
 * The generic hardware manager: reads any Linux machine through sysfs, procfs and DMI parsers whose
 * roots are relocatable (so tests run on fixture trees), with OSHI filling gaps on the live machine.
 * It exports nothing: the agent finds it through {@link java.util.ServiceLoader} only.
 */
module dev.ferrum.hardware.generic {
    requires dev.ferrum.hardware.spi;
    // OSHI is an automatic module; it reads JNA and SLF4J from wherever the launcher put them.
    requires com.github.oshi;

    // Erase reports and progress are serialised by Jackson into clean-step results.
    opens dev.ferrum.hardware.generic.erase to com.fasterxml.jackson.databind;

    provides dev.ferrum.hardware.spi.HardwareManager with dev.ferrum.hardware.generic.GenericHardwareManager;
}
