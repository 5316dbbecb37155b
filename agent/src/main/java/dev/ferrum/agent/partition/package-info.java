/**
 * Partition tables of the disk the agent deploys to: reading MBR and GPT, reporting partition
 * UUIDs the way ironic-python-agent does, and adding Ironic's config drive as a partition after a
 * whole-disk image.
 *
 * <p>Hand-written on purpose: there is no maintained pure-Java GPT/MBR editor (the Java disk
 * libraries that exist read FAT or ISO filesystems, or are unmaintained), the formats are small
 * and fully specified (UEFI 2.10 section 5, the classic MBR layout), and the agent runs on a
 * jlink-trimmed runtime where shelling out to sgdisk/parted would mean shipping them too. The
 * tests check this code against the real {@code sgdisk} and {@code sfdisk} where installed.
 *
 * <p>Everything here works on a {@link java.nio.channels.FileChannel} the caller opened; nothing in
 * this package opens a device path.
 */
package dev.ferrum.agent.partition;
