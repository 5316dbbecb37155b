package dev.ferrum.conductor.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How this conductor filters network boot and treats machines no port names.
 *
 * @param discovery admit unknown machines and serve them the inspection ramdisk at all times, not only
 *     while some node waits in {@code inspect wait}
 * @param syncInterval how often the DHCP hosts directory and discovery boot are reconciled with the store
 * @param discoveryKernel the kernel unknown machines boot: a URL, or a path under the boot files
 * @param discoveryRamdisk the initramfs unknown machines boot: a URL, or a path under the boot files
 * @param dnsmasqPidFile where dnsmasq writes its PID, so the conductor can send it SIGHUP after deleting hosts
 *     files of ports that are gone; without it dnsmasq keeps their last record until it restarts
 */
public record PxeFilterSettings(boolean discovery, Duration syncInterval, String discoveryKernel,
        String discoveryRamdisk, Optional<Path> dnsmasqPidFile) {

    /** ironic-inspector's {@code [pxe_filter]sync_period}. */
    public static final Duration DEFAULT_SYNC_INTERVAL = Duration.ofSeconds(15);
    /** The kernel's name under the boot files when not given (what the image builder's ramdisk is called). */
    public static final String DEFAULT_KERNEL = "vmlinuz";
    /** The initramfs' name under the boot files when not given. */
    public static final String DEFAULT_RAMDISK = "initramfs";

    public PxeFilterSettings {
        Objects.requireNonNull(syncInterval, "syncInterval");
        if (syncInterval.isNegative() || syncInterval.isZero()) {
            throw new IllegalArgumentException("syncInterval must be positive, got " + syncInterval);
        }
        Objects.requireNonNull(discoveryKernel, "discoveryKernel");
        Objects.requireNonNull(discoveryRamdisk, "discoveryRamdisk");
        Objects.requireNonNull(dnsmasqPidFile, "dnsmasqPidFile");
    }

    /** Discovery only while an inspection runs, synced every 15 s, booting the default ramdisk names. */
    public static PxeFilterSettings defaults() {
        return new PxeFilterSettings(false, DEFAULT_SYNC_INTERVAL, DEFAULT_KERNEL, DEFAULT_RAMDISK, Optional.empty());
    }
}
