package dev.ferrum.protocol.inventory;

import com.fasterxml.jackson.annotation.JsonValue;

/** How the firmware booted this machine. */
public enum BootMode {
    BIOS("bios"),
    UEFI("uefi");

    private final String wireName;

    BootMode(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }
}
