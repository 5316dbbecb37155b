package dev.ferrum.agent.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.command.CommandFailedException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The configdrive parameter: text passes through, a JSON object is refused rather than read as no drive. */
class ConfigDriveParameterTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void textPassesAndNullOrAbsentIsNoDrive() throws IOException {
        assertThat(ConfigDriveParameter.of(json.readTree("{\"configdrive\": \"H4sIAAAA\"}"))).contains("H4sIAAAA");
        assertThat(ConfigDriveParameter.of(json.readTree("{\"configdrive\": \"http://h/cd\"}"))).contains("http://h/cd");
        assertThat(ConfigDriveParameter.of(json.readTree("{\"configdrive\": null}"))).isEmpty();
        assertThat(ConfigDriveParameter.of(json.readTree("{\"image_info\": {}}"))).isEmpty();
    }

    @Test
    void aDictIsRefusedAsInvalidParamsNamingWhatToSend() {
        assertThatThrownBy(() -> ConfigDriveParameter.of(json.readTree(
                "{\"configdrive\": {\"meta_data\": {\"hostname\": \"h\"}}}")))
                .isInstanceOf(CommandFailedException.class)
                .hasMessageContaining("not a JSON object")
                .hasMessageContaining("have the conductor build the drive");
    }
}
