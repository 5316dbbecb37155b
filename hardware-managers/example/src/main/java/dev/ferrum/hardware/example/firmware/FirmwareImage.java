package dev.ferrum.hardware.example.firmware;

import dev.ferrum.hardware.spi.StepArgument;
import java.util.Optional;

/**
 * The arguments of {@code update_firmware}: where the image is, its SHA-256 (hex, optionally prefixed
 * {@code sha256:}) and which Acme component it is for. Non-optional components are required in argsinfo.
 */
public record FirmwareImage(
        @StepArgument("http(s) or file URL of the Acme firmware image") String url,
        @StepArgument("SHA-256 of the image, hex (sha256:<hex> accepted)") String checksum,
        @StepArgument("firmware component to update; bmc when absent") Optional<String> component) {

    public FirmwareImage {
        component = component == null ? Optional.empty() : component;
    }
}
