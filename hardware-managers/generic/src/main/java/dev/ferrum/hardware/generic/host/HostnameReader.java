package dev.ferrum.hardware.generic.host;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import java.util.Optional;

/**
 * Reads the host name the kernel holds ({@code /proc/sys/kernel/hostname}), else the configured
 * one ({@code /etc/hostname}). The kernel's placeholder {@code (none)} counts as no name.
 */
public final class HostnameReader {
    private HostnameReader() {
    }

    public static Optional<String> read(MachineContext machine) {
        return MachineFiles.firstLine(machine.proc().resolve("sys/kernel/hostname"))
                .filter(name -> !name.equals("(none)"))
                .or(() -> MachineFiles.firstLine(machine.etc().resolve("hostname")));
    }
}
