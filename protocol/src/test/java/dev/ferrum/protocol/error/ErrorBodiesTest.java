package dev.ferrum.protocol.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ErrorBodiesTest {
    private final ObjectMapper mapper = WireJson.newMapper();
    private final ErrorBodies bodies = new ErrorBodies(mapper);

    private JsonNode json(String text) throws Exception {
        return mapper.readTree(text);
    }

    @Test
    void ironicBodyCarriesTheFaultAsTheExactStringIronicSends() {
        JsonNode body = bodies.ironicBody(Fault.client("Resource could not be found."));

        assertThat(body.get("error_message").isTextual()).isTrue();
        assertThat(body.get("error_message").asText()).isEqualTo(
                "{\"faultcode\": \"Client\", \"faultstring\": \"Resource could not be found.\", \"debuginfo\": null}");
    }

    @Test
    void ironicBodyEscapesQuotesLikePython() throws Exception {
        // Captured: heartbeat with agent_status at 1.68 (ramdisk-lookup-heartbeat.txt).
        String captured = "{\"error_message\": \"{\\\"faultcode\\\": \\\"Client\\\", \\\"faultstring\\\": "
                + "\\\"Fields \\\\\\\"agent_status\\\\\\\" and \\\\\\\"agent_status_message\\\\\\\" not recognised.\\\", "
                + "\\\"debuginfo\\\": null}\"}";
        Fault fault = bodies.read(400, json(captured));

        assertThat(fault.faultstring()).isEqualTo("Fields \"agent_status\" and \"agent_status_message\" not recognised.");
        assertThat(bodies.ironicBody(fault).get("error_message").asText())
                .isEqualTo(json(captured).get("error_message").asText());
    }

    @Test
    void ironicBodyEscapesNonAsciiAndKeepsDebuginfo() {
        Fault fault = new Fault(Fault.SERVER, "disque défaillant", Optional.of("Traceback ..."));

        String message = bodies.ironicErrorMessage(fault);

        assertThat(message).contains("d\\u00E9faillant").contains("\"debuginfo\": \"Traceback ...\"");
        assertThat(bodies.read(500, bodies.ironicBody(fault))).isEqualTo(fault);
    }

    @Test
    void readsErrorMessageSentAsAnObject() throws Exception {
        Fault fault = bodies.read(409, json(
                "{\"error_message\": {\"faultcode\": \"Client\", \"faultstring\": \"Node is locked\", \"debuginfo\": null}}"));

        assertThat(fault).isEqualTo(Fault.client("Node is locked"));
    }

    @Test
    void readsErrorMessageSentAsPlainTextUsingTheStatusForTheCode() throws Exception {
        assertThat(bodies.read(503, json("{\"error_message\": \"conductor unavailable\"}")))
                .isEqualTo(Fault.server("conductor unavailable"));
        assertThat(bodies.read(400, json("{\"error_message\": \"[1, 2]\"}")))
                .isEqualTo(Fault.client("[1, 2]"));
    }

    @Test
    void readsTheAgentAndInspectorDialects() throws Exception {
        assertThat(bodies.read(401, json("{\"faultcode\": \"Client\", \"faultstring\": \"401 Unauthorized: Token invalid.\"}")))
                .isEqualTo(Fault.client("401 Unauthorized: Token invalid."));
        assertThat(bodies.read(404, json("{\"error\":{\"message\":\"Node not found\"}}")))
                .isEqualTo(Fault.client("Node not found"));
        assertThat(bodies.read(500, json("{\"error\": \"boom\"}"))).isEqualTo(Fault.server("boom"));
    }

    @Test
    void eachDialectRoundTrips() {
        Fault fault = Fault.client("Agent token is required for heartbeat processing.");
        for (ErrorDialect dialect : ErrorDialect.values()) {
            JsonNode body = bodies.body(fault, dialect);

            assertThat(ErrorBodies.dialectOf(body)).contains(dialect);
            assertThat(bodies.read(400, body)).as(dialect.name()).isEqualTo(fault);
        }
    }

    @Test
    void agentBodyLeavesOutAbsentDebuginfo() {
        assertThat(bodies.agentBody(Fault.client("x")).has("debuginfo")).isFalse();
    }

    @Test
    void unknownErrorShapeIsRejectedWithTheBodyQuoted() throws Exception {
        assertThatThrownBy(() -> bodies.read(500, json("{\"title\": \"Internal Server Error\"}")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("HTTP 500")
                .hasMessageContaining("error_message")
                .hasMessageContaining("Internal Server Error");
    }

    @Test
    void lenientReadMakesAFaultOfAnything() {
        assertThat(bodies.readLenient(502, "<html><body>Bad Gateway</body></html>"))
                .isEqualTo(Fault.server("<html><body>Bad Gateway</body></html>"));
        assertThat(bodies.readLenient(404, "")).isEqualTo(Fault.client("HTTP 404 with an empty body"));
        assertThat(bodies.readLenient(400, "{\"unexpected\": true}")).isEqualTo(Fault.client("{\"unexpected\": true}"));
        assertThat(bodies.readLenient(404, "{\"error_message\": \"{\\\"faultcode\\\": \\\"Client\\\", "
                + "\\\"faultstring\\\": \\\"gone\\\", \\\"debuginfo\\\": null}\"}"))
                .isEqualTo(Fault.client("gone"));
    }

    @Test
    void faultNeedsACodeAndDerivesItFromStatus() {
        assertThatThrownBy(() -> new Fault(" ", "x", Optional.empty()))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("faultcode");
        assertThat(Fault.codeFor(499)).isEqualTo(Fault.CLIENT);
        assertThat(Fault.codeFor(500)).isEqualTo(Fault.SERVER);
    }
}
