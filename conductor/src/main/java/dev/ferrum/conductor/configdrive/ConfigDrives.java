package dev.ferrum.conductor.configdrive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

/**
 * The {@code configdrive} the agent receives, as Ironic's {@code get_configdrive_image} gives it: an
 * object kept in {@code instance_info} is built into an ISO 9660 image, gzipped and base64-encoded;
 * a string (already such an image, or its URL) goes as it is; no drive is JSON null.
 */
public final class ConfigDrives {

    private ConfigDrives() {
    }

    /**
     * The value for {@code write_image}'s {@code configdrive}.
     *
     * @param configdrive {@code instance_info.configdrive}, when set
     * @param node the node's UUID, the default {@code meta_data.uuid}
     * @param name the node's name, the default {@code meta_data.name}
     * @param now the drive's creation date
     */
    public static JsonNode forAgent(Optional<JsonNode> configdrive, UUID node, Optional<String> name, Instant now) {
        return configdrive.filter(c -> !c.isNull()).<JsonNode>map(c -> c instanceof ObjectNode object
                ? JsonNodeFactory.instance.textNode(encoded(ConfigDriveContent.of(object).withNodeDefaults(node, name),
                now))
                : c).orElseGet(JsonNodeFactory.instance::nullNode);
    }

    /** The drive as Ironic stores and sends it: base64 of the gzipped ISO 9660 image. */
    public static String encoded(ConfigDriveContent content, Instant now) {
        byte[] iso = ConfigDriveIso.build(content.files(), now);
        ByteArrayOutputStream out = new ByteArrayOutputStream(iso.length / 4 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(iso);
        } catch (IOException e) {
            throw new UncheckedIOException("compressing the config drive in memory", e);
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }
}
