package dev.ferrum.conductor.configdrive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ironic's checks of a provision request's configdrive, message for message. */
class ConfigDriveRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws IOException {
        return JSON.readTree(text);
    }

    @Test
    void stringsObjectsAndUrlsIronicTakesAreTaken() throws IOException {
        for (String ok : List.of("\"H4sIAAAAAAAA/+3BAQ0AAADCoPdPbQ8HFAAAAAAAAAAAAAAAAAAA\\n\"", "\"https://example.org/cd.gz\"",
                "\"http://10.0.0.1/x?y=z:w\"", "{\"meta_data\": {}, \"user_data\": null}",
                "{\"user_data\": [1]}", "{\"user_data\": \"#cloud-config\"}", "{\"user_data\": {\"a\": 1}}",
                "{\"network_data\": {\"links\": []}, \"vendor_data\": {\"x\": 1}}")) {
            assertThatCode(() -> ConfigDriveRequests.check(json(ok), true, true)).as(ok).doesNotThrowAnyException();
        }
    }

    @Test
    void badShapesAreRefusedWithIronicsSchemaMessage() throws IOException {
        for (String bad : List.of("{\"meta_data\": \"x\"}", "{\"meta_data\": null}", "{\"network_data\": []}",
                "{\"vendor_data\": \"v\"}", "{\"user_data\": 5}", "{\"user_data\": true}", "{\"metadata\": {}}",
                "{\"meta_data\": {}, \"extra\": 1}", "42", "[\"a\"]", "true")) {
            assertThatThrownBy(() -> ConfigDriveRequests.check(json(bad), true, true)).as(bad)
                    .isInstanceOf(ConfigDriveException.class)
                    .hasMessageStartingWith("Invalid configdrive format: ")
                    .hasMessageContaining("is not valid under any of the given schemas");
        }
    }

    @Test
    void textThatIsNeitherBase64NorAUrlIsRefused() throws IOException {
        for (String bad : List.of("\"{not json}\"", "\"drive.iso\"", "\"H4sI-_\"")) {
            assertThatThrownBy(() -> ConfigDriveRequests.check(json(bad), true, true)).as(bad)
                    .hasMessageStartingWith("Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64"
                            + " string");
        }
    }

    @Test
    void objectsNeed156AndVendorData159() throws IOException {
        assertThatThrownBy(() -> ConfigDriveRequests.check(json("{\"meta_data\": {}}"), false, false))
                .hasMessageStartingWith("Providing a JSON object for configdrive is only supported starting with API"
                        + " version 1.56");
        assertThatThrownBy(() -> ConfigDriveRequests.check(json("{\"vendor_data\": {}}"), true, false))
                .hasMessageStartingWith("Providing vendor_data in configdrive is only supported starting with API"
                        + " version 1.59");
        assertThatCode(() -> ConfigDriveRequests.check(json("{\"user_data\": \"x\"}"), true, false))
                .doesNotThrowAnyException();
        assertThatCode(() -> ConfigDriveRequests.check(json("\"H4sI\""), false, false)).doesNotThrowAnyException();
    }

    @Test
    void aDriveLargerThanTheAgentTakesIsRefusedBeforeAnythingIsBuilt() {
        ObjectNode huge = JSON.createObjectNode();
        huge.put("user_data", "x".repeat(33 * 1024 * 1024));

        assertThatThrownBy(() -> ConfigDriveRequests.check(huge, true, true))
                .isInstanceOf(ConfigDriveException.class)
                .hasMessageContaining("64 MiB");
        huge.put("user_data", "x".repeat(30 * 1024 * 1024));
        assertThatCode(() -> ConfigDriveRequests.check(huge, true, true)).doesNotThrowAnyException();
    }
}
