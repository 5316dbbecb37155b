package dev.ferrum.hardware.generic.erase;

/** How a disk was (or was not) erased; {@code SKIPPED} when the safety gate refused it. */
public enum EraseMethod {
    /** NVMe Format with Secure Erase Setting 2: the drive discarded its media encryption key. */
    NVME_CRYPTO,
    /** NVMe Format with Secure Erase Setting 1: the drive erased all user data. */
    NVME_USER_DATA,
    /** ATA SECURITY ERASE UNIT, normal mode. */
    ATA_SECURE,
    /** ATA SECURITY ERASE UNIT, enhanced mode (also reallocated sectors). */
    ATA_ENHANCED_SECURE,
    /** Ferrum wrote the whole device itself and read samples back. */
    OVERWRITE,
    /** Only signatures and partition tables were wiped ({@code erase_devices_metadata}). */
    METADATA,
    /** Nothing was written: the disk was refused or failed before any method ran. */
    SKIPPED
}
