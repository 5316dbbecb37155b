package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.agent.command.CommandFailedException;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code configdrive} of {@code write_image} and {@code prepare_image} as IPA takes it: a URL or
 * a gzipped, base64-encoded image, or none. A JSON object is refused, never read as empty text: a
 * conductor builds the drive from one before sending it (Ironic and Ferrum both do), so an object
 * here means an old conductor, and writing no drive would lose the instance's first-boot data.
 */
final class ConfigDriveParameter {

    private ConfigDriveParameter() {
    }

    /** The drive named in {@code params}, empty when absent or JSON null. */
    static Optional<String> of(JsonNode params) {
        JsonNode value = params.get("configdrive");
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw CommandFailedException.invalidParams("configdrive must be a URL or a gzipped, base64-encoded config"
                    + " drive image, not a JSON " + value.getNodeType().toString().toLowerCase(Locale.ROOT)
                    + "; have the conductor build the drive from meta_data/user_data (Ironic and Ferrum conductors"
                    + " do) and send the result");
        }
        return Optional.of(value.asText());
    }
}
