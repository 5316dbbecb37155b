package dev.ferrum.conductor.configdrive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Checks the {@code configdrive} of a provision request the way Ironic's API does, with its
 * messages: a string (base64 or a URL) or an object of {@code meta_data}, {@code network_data},
 * {@code vendor_data} (objects) and {@code user_data} (object, list, string or null); objects from
 * API 1.56, {@code vendor_data} from 1.59; and a drive no larger than the agent accepts.
 */
public final class ConfigDriveRequests {

    /** IPA's {@code MAX_CONFIG_DRIVE_SIZE_MB}: the agent refuses a larger drive. */
    public static final long MAX_DRIVE_BYTES = 64L * 1024 * 1024;

    // ISO 9660 metadata (system area, descriptors, path tables, directories) around the files.
    private static final long ISO_OVERHEAD_BYTES = 1024 * 1024;
    private static final int SECTOR = 2048;

    private ConfigDriveRequests() {
    }

    /**
     * Refuses a config drive Ironic would refuse.
     *
     * @param configdrive the value sent, not JSON null
     * @param objectAllowed whether the API version is 1.56 or later
     * @param vendorDataAllowed whether the API version is 1.59 or later
     * @throws ConfigDriveException with Ironic's message and what to send instead
     */
    public static void check(JsonNode configdrive, boolean objectAllowed, boolean vendorDataAllowed) {
        if (configdrive.isTextual()) {
            checkText(configdrive.asText());
            return;
        }
        if (!(configdrive instanceof ObjectNode object) || !wellShaped(object)) {
            throw new ConfigDriveException("Invalid configdrive format: " + configdrive + " is not valid under any of"
                    + " the given schemas. Send a gzipped, base64-encoded image, its URL, or an object with only"
                    + " meta_data, network_data and vendor_data (objects) and user_data (object, list, string or"
                    + " null).");
        }
        if (!objectAllowed) {
            throw new ConfigDriveException("Providing a JSON object for configdrive is only supported starting with"
                    + " API version 1.56. Request a newer microversion or send a built, base64-encoded drive.");
        }
        if (object.has("vendor_data") && !vendorDataAllowed) {
            throw new ConfigDriveException("Providing vendor_data in configdrive is only supported starting with"
                    + " API version 1.59. Request a newer microversion or leave vendor_data out.");
        }
        long size = estimatedSize(ConfigDriveContent.of(object));
        if (size > MAX_DRIVE_BYTES) {
            throw new ConfigDriveException("The config drive built from this object would take about " + size
                    + " bytes, more than the " + MAX_DRIVE_BYTES + " bytes (64 MiB) the agent writes. Shorten"
                    + " user_data, or have the instance fetch large files itself.");
        }
    }

    /** An upper bound of the ISO's size: every file rounded up to whole sectors, plus the metadata. */
    static long estimatedSize(ConfigDriveContent content) {
        long size = ISO_OVERHEAD_BYTES;
        for (ConfigDriveFile file : content.files()) {
            size += (file.bytes().length + SECTOR - 1L) / SECTOR * SECTOR;
        }
        return size;
    }

    private static boolean wellShaped(ObjectNode object) {
        for (var field : object.properties()) {
            JsonNode value = field.getValue();
            // Ironic's schema: these four keys only, each of its own type.
            boolean ok = switch (field.getKey()) {
                case "meta_data", "network_data", "vendor_data" -> value.isObject();
                case "user_data" -> value.isObject() || value.isArray() || value.isTextual() || value.isNull();
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static void checkText(String text) {
        // ':' is not a base64 character, so anything with "://" is taken for a URL, as Ironic does.
        if (text.contains("://")) {
            return;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean base64 = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '=' || c == '\n' || c == '\r' || c == '\t' || c == ' ';
            if (!base64) {
                throw new ConfigDriveException("Invalid configdrive format: it is neither a JSON, nor a URL, nor a"
                        + " base64 string. Send the gzipped drive in base64, its http(s) URL, or a JSON object.");
            }
        }
    }
}
