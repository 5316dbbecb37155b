package dev.ferrum.hardware.generic.erase;

import java.util.Optional;

/**
 * Where on a disk or partition of a given length each identifying structure lives. The metadata
 * wipe zeroes every location listed here; each constant's comment names what zeroing it kills.
 * Offsets follow the formats' own definitions (and blkid's probes), for 512-byte and 4096-byte
 * sectors alike.
 */
enum SignatureLocation {
    // Sector 0: the MBR partition table or GPT's protective MBR, FAT/NTFS boot sectors, the XFS
    // superblock, the LUKS header's magic.
    BOOT_SECTOR("MBR / protective MBR, FAT and NTFS boot sectors, XFS superblock") {
        Optional<Span> locate(long length) {
            return Span.of(0, 512, length);
        }
    },
    // LBA 1 (GPT header) through the 128-entry partition array: LBA 1-33 at 512-byte sectors,
    // LBA 1-5 at 4096-byte sectors; the larger of the two.
    PRIMARY_GPT("primary GPT header and partition entries") {
        Optional<Span> locate(long length) {
            return Span.of(512, 6 * 4096 - 512, length);
        }
    },
    // LVM2 looks for its "LABELONE" physical-volume label in any of sectors 0-3.
    LVM_LABEL("LVM2 physical volume label (sectors 0-3)") {
        Optional<Span> locate(long length) {
            return Span.of(0, 4 * 512, length);
        }
    },
    // ext2/3/4 keep their primary superblock (magic 0xEF53 at +56) at byte 1024.
    EXT_SUPERBLOCK("ext2/3/4 primary superblock (1 KiB)") {
        Optional<Span> locate(long length) {
            return Span.of(1024, 1024, length);
        }
    },
    // MD RAID 1.1 puts its superblock at the start, 1.2 at 4 KiB; bcache's superblock is at 4 KiB too.
    MD_1X_HEAD("MD RAID 1.1 (0) and 1.2 (4 KiB) superblocks, bcache superblock") {
        Optional<Span> locate(long length) {
            return Span.of(0, 8192, length);
        }
    },
    // LUKS2 writes two 16 KiB binary headers back to back (LUKS1 one at 0).
    LUKS_HEADERS("LUKS1/LUKS2 headers") {
        Optional<Span> locate(long length) {
            return Span.of(0, 32 * 1024, length);
        }
    },
    // "SWAPSPACE2" sits 10 bytes before the end of the first page, and pages go up to 64 KiB.
    SWAP_SIGNATURE("Linux swap signature (end of first page)") {
        Optional<Span> locate(long length) {
            return Span.of(0, 64 * 1024, length);
        }
    },
    // ISO 9660 volume descriptors start at 32 KiB (a raw image written to a disk is still bootable).
    ISO9660("ISO 9660 volume descriptors (32 KiB)") {
        Optional<Span> locate(long length) {
            return Span.of(32 * 1024, 8 * 1024, length);
        }
    },
    // btrfs's primary superblock (magic "_BHRfS_M" at +64) and ReiserFS's both live at 64 KiB.
    BTRFS_PRIMARY("btrfs primary superblock and ReiserFS superblock (64 KiB)") {
        Optional<Span> locate(long length) {
            return Span.of(64 * 1024, 4096, length);
        }
    },
    // ZFS writes labels L0 and L1 (256 KiB each) at the start of every vdev.
    ZFS_FRONT_LABELS("ZFS labels L0 and L1 (first 512 KiB)") {
        Optional<Span> locate(long length) {
            return Span.of(0, 512 * 1024, length);
        }
    },
    // The rest of the first MiB: partitioners align the first partition there, so boot loaders
    // (GRUB core.img after the MBR) and less common headers live in this gap.
    FIRST_MIB("rest of the first MiB (boot loader gap, other format headers)") {
        Optional<Span> locate(long length) {
            return Span.of(0, MIB, length);
        }
    },
    // btrfs mirrors its superblock at 64 MiB and 256 GiB; blkid and btrfs rescue find them there.
    BTRFS_MIRROR_1("btrfs superblock mirror 1 (64 MiB)") {
        Optional<Span> locate(long length) {
            return Span.whole(64 * MIB, 4096, length);
        }
    },
    BTRFS_MIRROR_2("btrfs superblock mirror 2 (256 GiB)") {
        Optional<Span> locate(long length) {
            return Span.whole(256L * 1024 * MIB, 4096, length);
        }
    },
    // The backup GPT header is the last LBA, its entry array the 32 (or 4, at 4 KiB) before it.
    BACKUP_GPT("backup GPT header and partition entries (last 33 sectors)") {
        Optional<Span> locate(long length) {
            return Span.of(length - 6 * 4096, 6 * 4096, length);
        }
    },
    // MD 0.90 superblock: the last 64 KiB-aligned 64 KiB block ((size & ~64K) - 64K).
    MD_090("MD RAID 0.90 superblock (last aligned 64 KiB)") {
        Optional<Span> locate(long length) {
            long block = 64 * 1024;
            return Span.of((length & ~(block - 1)) - block, block, length);
        }
    },
    // MD 1.0 superblock: 8 KiB before the end, rounded down to 4 KiB.
    MD_10("MD RAID 1.0 superblock (8 KiB from the end)") {
        Optional<Span> locate(long length) {
            return Span.of((length - 8192) & ~4095L, 4096, length);
        }
    },
    // ZFS labels L2 and L3: the last 512 KiB of the size rounded down to 256 KiB.
    ZFS_BACK_LABELS("ZFS labels L2 and L3 (last 512 KiB)") {
        Optional<Span> locate(long length) {
            long labels = 512 * 1024;
            return Span.of((length & ~(256 * 1024 - 1)) - labels, labels, length);
        }
    },
    // Firmware RAID: SNIA DDF's anchor header is in the last sector, Intel IMSM's in the one before.
    FIRMWARE_RAID("DDF RAID anchor (last sector), Intel IMSM metadata (second-to-last)") {
        Optional<Span> locate(long length) {
            return Span.of(length - 2048, 2048, length);
        }
    },
    // The rest of the last MiB, which holds all of the above for any disk over a MiB.
    LAST_MIB("rest of the last MiB (end-of-disk metadata)") {
        Optional<Span> locate(long length) {
            return Span.of(length - MIB, MIB, length);
        }
    };

    static final long MIB = 1024 * 1024;

    private final String kills;

    SignatureLocation(String kills) {
        this.kills = kills;
    }

    /** What zeroing this location destroys. */
    String kills() {
        return kills;
    }

    /** Where this structure would be on a region of {@code length} bytes; empty when it cannot fit. */
    abstract Optional<Span> locate(long length);

    /** A byte span relative to the start of the region. */
    record Span(long offset, long length) {

        /** The span clipped to {@code [0, regionLength)}; empty when nothing is left. */
        static Optional<Span> of(long offset, long length, long regionLength) {
            long start = Math.max(0, offset);
            long end = Math.min(regionLength, offset + length);
            return end > start ? Optional.of(new Span(start, end - start)) : Optional.empty();
        }

        /** The span only when all of it lies inside the region (a mirror past the end does not exist). */
        static Optional<Span> whole(long offset, long length, long regionLength) {
            return offset + length <= regionLength ? Optional.of(new Span(offset, length)) : Optional.empty();
        }
    }
}
