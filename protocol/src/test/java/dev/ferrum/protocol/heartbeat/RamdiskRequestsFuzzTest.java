package dev.ferrum.protocol.heartbeat;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.testing.FuzzMode;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.protocol.lookup.LookupQuery;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;

/**
 * Heartbeats and lookups are the conductor's unauthenticated-by-default surface. Reading a body as
 * a heartbeat (modern or legacy), or text as a lookup query, either succeeds with a well-formed
 * record that survives a round trip, or fails with a {@link ProtocolException}; nothing else escapes.
 */
class RamdiskRequestsFuzzTest {
    private static final ObjectMapper JSON = WireJson.newMapper();

    @BeforeAll
    static void mode() {
        FuzzMode.announce(RamdiskRequestsFuzzTest.class);
    }

    @FuzzTest(maxDuration = "30s")
    void readsAnyHeartbeatOrLookup(byte[] body) throws JsonProcessingException {
        try {
            HeartbeatRequest heartbeat = WireJson.read(JSON, body, HeartbeatRequest.class);
            assertThat(heartbeat.callbackUrl()).isNotBlank();
            assertThat(WireJson.read(JSON, JSON.writeValueAsBytes(heartbeat), HeartbeatRequest.class)).isEqualTo(heartbeat);
        } catch (ProtocolException refused) {
            // The documented answer to a body that is not a heartbeat.
        }
        try {
            LegacyHeartbeatRequest legacy = WireJson.read(JSON, body, LegacyHeartbeatRequest.class);
            assertThat(WireJson.read(JSON, JSON.writeValueAsBytes(legacy), LegacyHeartbeatRequest.class)).isEqualTo(legacy);
        } catch (ProtocolException refused) {
            // Not a legacy heartbeat.
        }
        // A lookup's query parameters as the conductor receives them, already URL-decoded.
        String text = new String(body, StandardCharsets.UTF_8);
        int split = text.indexOf("&node_uuid=");
        String addresses = (split < 0 ? text : text.substring(0, split)).replaceFirst("^addresses=", "");
        Optional<String> uuid = split < 0 ? Optional.empty() : Optional.of(text.substring(split + 11));
        LookupQuery query = LookupQuery.parse(Optional.of(addresses), uuid);
        assertThat(query.addresses()).allMatch(mac -> mac.matches("[0-9a-f]{2}(:[0-9a-f]{2}){5}"));
        query.isEmpty();
        query.toQueryString();
    }
}
