package dev.ferrum.imagebuilder.archive;

/** How the initramfs is compressed. The kernel must be built to unpack it (Debian's: RD_ZSTD=y). */
public enum Compression {
    /** Plain newc cpio: largest, nothing to unpack. */
    NONE(""),
    /** zstd, deterministic for a given zstd version and level; fast to unpack even under emulation. */
    ZSTD(".zst");

    private final String suffix;

    Compression(String suffix) {
        this.suffix = suffix;
    }

    public String suffix() {
        return suffix;
    }
}
