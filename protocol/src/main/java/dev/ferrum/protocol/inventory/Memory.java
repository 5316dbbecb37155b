package dev.ferrum.protocol.inventory;

import java.util.Optional;

/**
 * Memory: {@code total} is what the kernel can use, in bytes; {@code physicalMb} the installed
 * DIMMs in MiB (from DMI when the firmware exposes it), the figure schedulers use.
 */
public record Memory(long total, Optional<Long> physicalMb) {

    public static final Memory UNKNOWN = new Memory(0, Optional.empty());

    public Memory {
        physicalMb = Optionals.orEmpty(physicalMb);
    }
}
