package dev.ferrum.hardware.generic.boot;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Boot;
import dev.ferrum.protocol.inventory.BootMode;

/**
 * Reads how the machine booted: UEFI when the kernel exposes {@code /sys/firmware/efi} (it does so
 * only when UEFI started it), else BIOS; the PXE interface from {@code BOOTIF}.
 */
public final class BootReader {
    private BootReader() {
    }

    public static Boot read(MachineContext machine) {
        BootMode mode = MachineFiles.isDirectory(machine.sys().resolve("firmware/efi")) ? BootMode.UEFI : BootMode.BIOS;
        return new Boot(mode, MachineFiles.text(machine.proc().resolve("cmdline"))
                .flatMap(KernelCommandLine::bootInterface));
    }
}
