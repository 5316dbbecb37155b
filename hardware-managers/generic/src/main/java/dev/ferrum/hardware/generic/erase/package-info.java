/**
 * Verifiable disk erasure behind IPA's clean steps {@code erase_devices_metadata} (priority 99)
 * and {@code erase_devices} (priority 10): a safety gate that refuses disks which must not be
 * touched, a signature wipe that reads back what it zeroed, and a full erase that picks the
 * strongest method the drive offers (NVMe, ATA or SCSI sanitize, NVMe format, ATA security erase)
 * and falls back to an overwrite, then proves the result with a seeded, sampled read-back.
 * {@link dev.ferrum.hardware.generic.erase.DiskEraser} is the entry point.
 */
package dev.ferrum.hardware.generic.erase;
