package dev.ferrum.hardware.example.firmware;

/**
 * What {@code update_firmware} reports as the step's result:
 * {@code {"component": "bmc", "previous_version": "1.0.0", "current_version": "1.2.0"}}.
 */
public record FirmwareUpdate(String component, String previousVersion, String currentVersion) {
}
