package dev.ferrum.agent.image;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The {@code disk_format} values this writer accepts in {@code image_info}; the content's magic bytes have the last word. */
public enum DiskFormat {
    RAW("raw"),
    QCOW2("qcow2");

    private final String wireName;

    DiskFormat(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The format for a wire name, case-insensitive; empty when this writer does not know it. */
    public static Optional<DiskFormat> fromWire(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.wireName.equals(n)).findFirst();
    }

    static String known() {
        return Arrays.stream(values()).map(DiskFormat::wireName).collect(Collectors.joining(", "));
    }
}
