package dev.ferrum.hardware.spi;

/**
 * How well a hardware manager supports the machine it runs on. Managers are asked in descending
 * order, so a vendor's manager answers before the generic one; NONE managers are never asked.
 */
public enum SupportLevel {
    /** Not for this machine: the manager is dropped. */
    NONE,
    /** Works on any Linux machine through standard interfaces (sysfs, procfs, DMI). */
    GENERIC,
    /** Knows a family of hardware supported by the mainline kernel (a NIC or RAID driver). */
    MAINLINE,
    /** Written by the machine's vendor for exactly this hardware. */
    VENDOR
}
