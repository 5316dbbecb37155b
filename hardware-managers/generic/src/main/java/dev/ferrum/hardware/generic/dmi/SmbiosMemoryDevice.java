package dev.ferrum.hardware.generic.dmi;

import java.util.Optional;

/**
 * Parses an SMBIOS type-17 (Memory Device) structure as the kernel exposes it in
 * {@code /sys/firmware/dmi/entries/17-*}{@code /raw}: the formatted area followed by its strings.
 * Only the installed size matters here (SMBIOS 3.x, section 7.18.5).
 */
public final class SmbiosMemoryDevice {
    static final int TYPE = 17;
    private static final int SIZE_OFFSET = 0x0C;
    private static final int EXTENDED_SIZE_OFFSET = 0x1C;
    private static final int NOT_INSTALLED = 0x0000;
    private static final int UNKNOWN = 0xFFFF;
    private static final int USE_EXTENDED = 0x7FFF;
    private static final int KIB_GRANULARITY = 0x8000;

    private SmbiosMemoryDevice() {
    }

    /**
     * The module's size in MiB; empty for an empty slot, an unknown size, or a structure that is
     * not a well-formed type 17. KiB-granular sizes are rounded down to whole MiB, as dmidecode
     * totals are.
     */
    public static Optional<Long> sizeMib(byte[] raw) {
        if (raw.length < SIZE_OFFSET + 2 || (raw[0] & 0xFF) != TYPE) {
            return Optional.empty();
        }
        int length = raw[1] & 0xFF;
        if (length < SIZE_OFFSET + 2 || length > raw.length) {
            return Optional.empty();
        }
        int size = word(raw, SIZE_OFFSET);
        if (size == NOT_INSTALLED || size == UNKNOWN) {
            return Optional.empty();
        }
        if (size == USE_EXTENDED) {
            // SMBIOS 2.7+: modules of 32 GiB and more carry their size in a 31-bit MiB field.
            if (length < EXTENDED_SIZE_OFFSET + 4) {
                return Optional.empty();
            }
            long extended = dword(raw, EXTENDED_SIZE_OFFSET) & 0x7FFF_FFFFL;
            return extended == 0 ? Optional.empty() : Optional.of(extended);
        }
        if ((size & KIB_GRANULARITY) != 0) {
            long mib = (size & ~KIB_GRANULARITY) / 1024L;
            return mib == 0 ? Optional.empty() : Optional.of(mib);
        }
        return Optional.of((long) size);
    }

    private static int word(byte[] raw, int offset) {
        return (raw[offset] & 0xFF) | (raw[offset + 1] & 0xFF) << 8;
    }

    private static long dword(byte[] raw, int offset) {
        return (word(raw, offset) & 0xFFFFL) | (long) word(raw, offset + 2) << 16;
    }
}
