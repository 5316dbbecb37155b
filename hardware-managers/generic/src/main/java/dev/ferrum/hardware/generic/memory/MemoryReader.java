package dev.ferrum.hardware.generic.memory;

import dev.ferrum.hardware.generic.dmi.SmbiosMemoryDevice;
import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Memory;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads the memory section: {@code total} from {@code /proc/meminfo} (the probe only when that is
 * unreadable) and {@code physical_mb} summed from the DMI memory devices, else derived from total.
 */
public final class MemoryReader {
    private static final long MIB = 1L << 20;
    private static final long GIB_IN_MIB = 1024;

    private final MemoryProbe probe;

    public MemoryReader(MemoryProbe probe) {
        this.probe = probe;
    }

    public Memory read(MachineContext machine) {
        Optional<Long> total = MachineFiles.text(machine.proc().resolve("meminfo")).flatMap(MemInfoParser::totalBytes)
                .or(probe::totalBytes);
        Optional<Long> physical = installedMib(machine.sys().resolve("firmware/dmi/entries"))
                .or(() -> total.map(MemoryReader::physicalFromTotal));
        return new Memory(total.orElse(0L), physical);
    }

    /** The sum of every populated type-17 memory device; empty when DMI lists none. */
    public static Optional<Long> installedMib(Path dmiEntries) {
        long sum = 0;
        for (String entry : MachineFiles.names(dmiEntries)) {
            if (entry.startsWith("17-")) {
                sum += MachineFiles.bytes(dmiEntries.resolve(entry).resolve("raw"))
                        .flatMap(SmbiosMemoryDevice::sizeMib).orElse(0L);
            }
        }
        return sum > 0 ? Optional.of(sum) : Optional.empty();
    }

    /**
     * Installed memory guessed from usable memory when DMI is silent (VMs, odd firmware). The
     * kernel keeps some memory back (firmware reservations, the kernel image, crashkernel), so
     * MemTotal is a little below what is installed; modules and VM sizes come in whole GiB, so
     * rounding up to the next GiB recovers the installed size. 128 MiB steps would not: IPA's own
     * capture in wire-samples/ipa-inventory.json pairs total 25276502016 (24105.2 MiB) with
     * physical_mb 24576, which GiB rounding reproduces and 128 MiB rounding (24192) misses.
     * Ironic's inspection needs physical_mb, so a close guess beats an absent field.
     */
    public static long physicalFromTotal(long totalBytes) {
        long mib = (totalBytes + MIB - 1) / MIB;
        return (mib + GIB_IN_MIB - 1) / GIB_IN_MIB * GIB_IN_MIB;
    }
}
