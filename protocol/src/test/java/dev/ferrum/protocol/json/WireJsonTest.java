package dev.ferrum.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.heartbeat.HeartbeatRequest;
import dev.ferrum.protocol.image.ImageInfo;
import dev.ferrum.protocol.lookup.LookupResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Malformed bodies fail with a WireFormatException that says which document, where and why. */
class WireJsonTest {
    private static final String LOOKUP = """
            {"node": {"uuid": "f18d5241-cf0e-49b1-9e58-199d1e08531c", "properties": {}, "instance_info": {},
                      "driver_internal_info": {}, "links": []},
             "config": {"heartbeat_timeout": %s, "agent_token": null, "agent_token_required": true}}""";

    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void readsAWellFormedBodyFromTextAndBytes() {
        LookupResponse fromText = WireJson.read(mapper, LOOKUP.formatted("300"), LookupResponse.class);
        LookupResponse fromBytes = WireJson.read(mapper, LOOKUP.formatted("300").getBytes(StandardCharsets.UTF_8),
                LookupResponse.class);

        assertThat(fromText).isEqualTo(fromBytes);
        assertThat(fromText.config().heartbeatTimeout()).isEqualTo(300);
    }

    @Test
    void notJsonAtAll() {
        assertThatThrownBy(() -> WireJson.read(mapper, "<html>502</html>", LookupResponse.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageStartingWith("LookupResponse body is not valid JSON");
    }

    @Test
    void aJsonNullBodyIsNoDocument() {
        // Jackson reads the literal null as a null record; callers would then fail far from the wire.
        assertThatThrownBy(() -> WireJson.read(mapper, "null", HeartbeatRequest.class))
                .isInstanceOf(WireFormatException.class).hasMessageContaining("HeartbeatRequest");
        assertThatThrownBy(() -> WireJson.read(mapper, " null, } ]".getBytes(StandardCharsets.UTF_8),
                LookupResponse.class)).isInstanceOf(WireFormatException.class);
    }

    @Test
    void emptyBody() {
        assertThatThrownBy(() -> WireJson.read(mapper, new byte[0], HeartbeatRequest.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessage("expected a HeartbeatRequest document but the body is empty");
    }

    @Test
    void wrongTypeNamesTheJsonPath() {
        assertThatThrownBy(() -> WireJson.read(mapper, LOOKUP.formatted("\"soon\""), LookupResponse.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("invalid LookupResponse at $.config.heartbeat_timeout");
    }

    @Test
    void ruleViolationsInRecordsKeepTheirOwnMessage() {
        assertThatThrownBy(() -> WireJson.read(mapper, LOOKUP.formatted("0"), LookupResponse.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("$.config")
                .hasMessageContaining("positive heartbeat_timeout, got 0");
        assertThatThrownBy(() -> WireJson.read(mapper, "{\"config\": {\"heartbeat_timeout\": 300}}",
                LookupResponse.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("lookup response needs a node");
        assertThatThrownBy(() -> WireJson.read(mapper, "{\"agent_token\": \"t\"}", HeartbeatRequest.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("heartbeat callback_url is required");
    }

    @Test
    void unknownEnumValueNamesTheField() {
        assertThatThrownBy(() -> WireJson.read(mapper,
                "{\"id\": \"1\", \"command_name\": \"sync\", \"command_status\": \"PAUSED\"}", CommandResult.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("$.command_status")
                .hasMessageContaining("PAUSED");
    }

    @Test
    void commandNameWithoutExtension() {
        assertThatThrownBy(() -> WireJson.read(mapper, "{\"name\": \"sync\", \"params\": {}}", CommandRequest.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("'sync' must be <extension>.<command>");
    }

    @Test
    void unknownFieldsAreNeverFatal() {
        HeartbeatRequest heartbeat = WireJson.read(mapper,
                "{\"callback_url\": \"http://192.0.2.2:9999\", \"agent_token\": \"t\", \"agent_version\": \"9.4\","
                        + " \"added_in_2030\": {\"x\": 1}}", HeartbeatRequest.class);

        assertThat(heartbeat.callbackUrl()).isEqualTo("http://192.0.2.2:9999");
    }

    @Test
    void nullListElementIsAWireError() {
        assertThatThrownBy(() -> WireJson.read(mapper, "{\"id\": \"img\", \"urls\": [null]}",
                ImageInfo.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("invalid ImageInfo")
                .hasMessageContaining("list contains null");
    }

    @Test
    void convertRejectsNull() {
        assertThatThrownBy(() -> WireJson.convert(mapper, mapper.nullNode(), LookupResponse.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("expected a LookupResponse document but got null");
    }
}
