package dev.ferrum.conductor.configdrive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The files a JSON config drive becomes, with Ironic's and openstacksdk's rules. */
class ConfigDriveContentTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final UUID NODE = UUID.fromString("1be26c0b-03f2-4d2e-ae87-c02d7f33c123");

    private static ConfigDriveContent content(String json) throws IOException {
        return ConfigDriveContent.of((ObjectNode) JSON.readTree(json));
    }

    private static Optional<String> file(ConfigDriveContent content, String path) {
        return content.files().stream().filter(f -> f.path().equals(path)).map(ConfigDriveFile::text).findFirst();
    }

    @Test
    void withoutMetaDataTheNodesUuidAndNameAreWritten() throws IOException {
        ConfigDriveContent drive = content("{\"user_data\": \"#!/bin/sh\\n\"}").withNodeDefaults(NODE, Optional.of("n1"));

        assertThat(JSON.readTree(file(drive, "openstack/latest/meta_data.json").orElseThrow()))
                .isEqualTo(JSON.readTree("{\"uuid\": \"" + NODE + "\", \"name\": \"n1\"}"));
        assertThat(drive.files()).extracting(ConfigDriveFile::path).containsExactly(
                "openstack/2012-08-10/meta_data.json", "openstack/2012-08-10/user_data",
                "openstack/latest/meta_data.json", "openstack/latest/user_data");
    }

    @Test
    void metaDataKeepsItsOwnUuidAndNameAndANamelessNodeAddsNone() throws IOException {
        ConfigDriveContent given = content("{\"meta_data\": {\"uuid\": \"mine\", \"name\": \"theirs\"}}")
                .withNodeDefaults(NODE, Optional.of("n1"));
        ConfigDriveContent nameless = content("{\"meta_data\": {}}").withNodeDefaults(NODE, Optional.empty());

        assertThat(JSON.readTree(file(given, "openstack/latest/meta_data.json").orElseThrow()))
                .isEqualTo(JSON.readTree("{\"uuid\": \"mine\", \"name\": \"theirs\"}"));
        assertThat(JSON.readTree(file(nameless, "openstack/latest/meta_data.json").orElseThrow()))
                .isEqualTo(JSON.readTree("{\"uuid\": \"" + NODE + "\"}"));
    }

    @Test
    void userDataAsAnObjectOrListIsItsJsonAndEmptyPartsAreLeftOut() throws IOException {
        ConfigDriveContent object = content("{\"user_data\": {\"ignition\": {\"version\": \"3.0.0\"}}}");
        ConfigDriveContent list = content("{\"user_data\": [1, \"two\"]}");
        ConfigDriveContent empty = content("{\"user_data\": \"\", \"network_data\": {}, \"vendor_data\": {}}");
        ConfigDriveContent nothing = content("{\"user_data\": null}");

        assertThat(JSON.readTree(file(object, "openstack/latest/user_data").orElseThrow()))
                .isEqualTo(JSON.readTree("{\"ignition\": {\"version\": \"3.0.0\"}}"));
        assertThat(file(list, "openstack/latest/user_data")).contains("[1,\"two\"]");
        assertThat(empty.files()).extracting(ConfigDriveFile::path)
                .containsExactly("openstack/2012-08-10/meta_data.json", "openstack/latest/meta_data.json");
        assertThat(nothing.files()).hasSize(2);
    }

    @Test
    void theRequestObjectIsNotChangedByTheDefaults() throws IOException {
        ObjectNode request = (ObjectNode) JSON.readTree("{\"meta_data\": {\"hostname\": \"h\"}}");
        ConfigDriveContent.of(request).withNodeDefaults(NODE, Optional.of("n1"));

        assertThat(request).isEqualTo(JSON.readTree("{\"meta_data\": {\"hostname\": \"h\"}}"));
    }
}
