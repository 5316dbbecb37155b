package dev.ferrum.conductor.configdrive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a config drive given as a JSON object holds: {@code meta_data}, the user data as the text
 * written to the drive, and the optional {@code network_data} and {@code vendor_data} documents.
 * Built only from an object {@link ConfigDriveRequests} accepted.
 */
public record ConfigDriveContent(ObjectNode metaData, Optional<String> userData, Optional<ObjectNode> networkData,
                                 Optional<ObjectNode> vendorData) {

    /**
     * The metadata versions written, each a directory under {@code openstack/}: openstacksdk's
     * {@code configdrive.build}, which Ironic calls, writes these two by default.
     */
    static final List<String> VERSIONS = List.of("2012-08-10", "latest");

    public ConfigDriveContent {
        metaData = Objects.requireNonNull(metaData, "metaData").deepCopy();
        Objects.requireNonNull(userData, "userData");
        networkData = networkData.map(ObjectNode::deepCopy);
        vendorData = vendorData.map(ObjectNode::deepCopy);
    }

    /** The content of a checked config-drive object; user data given as an object or a list becomes its JSON. */
    public static ConfigDriveContent of(ObjectNode configdrive) {
        ObjectNode meta = objectOrEmpty(configdrive.get("meta_data"));
        JsonNode user = configdrive.get("user_data");
        Optional<String> userData = user == null || user.isNull() ? Optional.empty()
                : Optional.of(user.isTextual() ? user.asText() : user.toString());
        return new ConfigDriveContent(meta, userData, object(configdrive.get("network_data")),
                object(configdrive.get("vendor_data")));
    }

    /** Ironic's defaults: the node's UUID and, when it has one, its name, unless meta_data already says. */
    public ConfigDriveContent withNodeDefaults(UUID node, Optional<String> name) {
        ObjectNode meta = metaData.deepCopy();
        if (!meta.has("uuid")) {
            meta.put("uuid", node.toString());
        }
        name.filter(n -> !n.isEmpty()).filter(n -> !meta.has("name")).ifPresent(n -> meta.put("name", n));
        return new ConfigDriveContent(meta, userData, networkData, vendorData);
    }

    /**
     * The files of the drive in the layout cloud-init's ConfigDrive datasource reads: for each version,
     * {@code meta_data.json}, then {@code network_data.json}, {@code vendor_data2.json} and
     * {@code user_data} when given and not empty (empty ones are left out, as openstacksdk does).
     */
    public List<ConfigDriveFile> files() {
        List<ConfigDriveFile> files = new ArrayList<>();
        for (String version : VERSIONS) {
            String dir = "openstack/" + version + "/";
            files.add(new ConfigDriveFile(dir + "meta_data.json", metaData.toString()));
            networkData.filter(n -> !n.isEmpty())
                    .ifPresent(n -> files.add(new ConfigDriveFile(dir + "network_data.json", n.toString())));
            vendorData.filter(v -> !v.isEmpty())
                    .ifPresent(v -> files.add(new ConfigDriveFile(dir + "vendor_data2.json", v.toString())));
            userData.filter(u -> !u.isEmpty()).ifPresent(u -> files.add(new ConfigDriveFile(dir + "user_data", u)));
        }
        return List.copyOf(files);
    }

    private static ObjectNode objectOrEmpty(JsonNode node) {
        return object(node).orElseGet(JsonNodeFactory.instance::objectNode);
    }

    private static Optional<ObjectNode> object(JsonNode node) {
        return node instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
    }
}
