package dev.ferrum.protocol.inspection;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.testing.FuzzMode;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.protocol.lookup.LegacyLookupRequest;
import org.junit.jupiter.api.BeforeAll;

/**
 * Inspection data reaches the conductor from any machine that boots on the provisioning network.
 * Reading it as a continue body, an inventory or a legacy lookup either succeeds, with the
 * accessors the conductor calls working and the result surviving a write-read round trip, or
 * fails with a {@link ProtocolException}; no other exception escapes.
 */
class InspectionDataFuzzTest {
    private static final ObjectMapper JSON = WireJson.newMapper();

    @BeforeAll
    static void mode() {
        FuzzMode.announce(InspectionDataFuzzTest.class);
    }

    @FuzzTest(maxDuration = "30s")
    void readsAnyContinueBody(byte[] body) throws java.io.IOException {
        try {
            ContinueBody parsed = ContinueBody.parse(JSON, body);
            parsed.error();
            assertThat(parsed.macAddresses()).doesNotContainNull();
            parsed.bmcAddress();
            ContinueBody again = ContinueBody.parse(JSON, JSON.writeValueAsBytes(parsed));
            assertThat(again.macAddresses()).isEqualTo(parsed.macAddresses());
        } catch (ProtocolException refused) {
            // The documented answer to a body that is not inspection data.
        }
        try {
            Inventory inventory = WireJson.read(JSON, body, Inventory.class);
            // What the conductor stores is the inventory written out: writing it, reading that back and
            // writing again gives the same document. (Record equality is too strict a test here: a body with
            // duplicate keys or numbers Jackson holds as different node types reads back equal in JSON but
            // not in Java.)
            byte[] written = JSON.writeValueAsBytes(inventory);
            byte[] rewritten = JSON.writeValueAsBytes(WireJson.read(JSON, written, Inventory.class));
            assertThat(JSON.readTree(rewritten)).isEqualTo(JSON.readTree(written));
        } catch (ProtocolException refused) {
            // Not an inventory.
        }
        try {
            WireJson.read(JSON, body, LegacyLookupRequest.class);
        } catch (ProtocolException refused) {
            // Not a legacy lookup.
        }
    }
}
