package dev.ferrum.protocol.heartbeat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import org.junit.jupiter.api.Test;

class HeartbeatRequestTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void absentOptionalFieldsStayOffTheWireSoOlderConductorsAcceptIt() throws Exception {
        String json = mapper.writeValueAsString(HeartbeatRequest.of("http://192.0.2.2:9999", "tok", "9.4.3"));

        assertThat(json).isEqualTo(
                "{\"callback_url\":\"http://192.0.2.2:9999\",\"agent_token\":\"tok\",\"agent_version\":\"9.4.3\"}");
    }

    @Test
    void verifyCaAndStatusAreAddedWhenGiven() throws Exception {
        HeartbeatRequest heartbeat = HeartbeatRequest.of("https://192.0.2.2:9999", "tok", "9.4.3")
                .withVerifyCa("-----BEGIN CERTIFICATE-----\n...")
                .withStatus("end", null);

        String json = mapper.writeValueAsString(heartbeat);

        assertThat(json).contains("\"agent_verify_ca\":\"-----BEGIN CERTIFICATE-----\\n...\"")
                .contains("\"agent_status\":\"end\"")
                .doesNotContain("agent_status_message");
        assertThat(WireJson.read(mapper, json, HeartbeatRequest.class)).isEqualTo(heartbeat);
    }

    @Test
    void missingTokenAndVersionParseSoTheConductorCanAnswer400() {
        HeartbeatRequest heartbeat = WireJson.read(mapper, "{\"callback_url\":\"http://127.0.0.1:9999\"}",
                HeartbeatRequest.class);

        assertThat(heartbeat.agentToken()).isEmpty();
        assertThat(heartbeat.agentVersion()).isEmpty();
    }
}
