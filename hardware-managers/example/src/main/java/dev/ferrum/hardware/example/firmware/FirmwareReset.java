package dev.ferrum.hardware.example.firmware;

/**
 * What {@code reset_acme_firmware_settings} reports: the agent sends it to the conductor as the
 * step's result, {@code {"firmware_settings": "defaults", "tool_output": "…"}}.
 */
public record FirmwareReset(String firmwareSettings, String toolOutput) {
}
