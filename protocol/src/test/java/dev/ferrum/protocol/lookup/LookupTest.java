package dev.ferrum.protocol.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LookupTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    private LookupConfig config(String token) {
        return WireJson.read(mapper, "{\"heartbeat_timeout\": 300, \"agent_token\": " + token
                + ", \"agent_token_required\": true, \"permitted_image_formats\": [\"raw\", \"qcow2\"],"
                + " \"disable_deep_image_inspection\": false}", LookupConfig.class);
    }

    @Test
    void tokenIsUsableOnlyWhenIssued() {
        assertThat(config("\"eRq6v0-NKA9Qv5CVOtRIg_5TH_7a3kjMf2w4vjL5Xzw\"").usableAgentToken())
                .contains("eRq6v0-NKA9Qv5CVOtRIg_5TH_7a3kjMf2w4vjL5Xzw");
        assertThat(config("\"******\"").usableAgentToken()).isEmpty();
        assertThat(config("null").usableAgentToken()).isEmpty();
        assertThat(config("null").agentToken()).isEmpty();
    }

    @Test
    void otherConfigKeysAreReadableAndPreserved() {
        LookupConfig config = config("null");

        assertThat(config.permittedImageFormats()).containsExactly("raw", "qcow2");
        assertThat(config.deepImageInspectionDisabled()).isFalse();
        assertThat(config.extra()).containsKeys("permitted_image_formats", "disable_deep_image_inspection");
    }

    @Test
    void queryKeepsValidMacsLowerCasedLikeIronic() {
        LookupQuery query = LookupQuery.parse(Optional.of("52:54:00:AA:CC:D5, zz,52:54:00:aa:cc:d5,00:11:22:33:44:55"),
                Optional.empty());

        assertThat(query.addresses()).containsExactly("52:54:00:aa:cc:d5", "00:11:22:33:44:55");
        assertThat(query.isEmpty()).isFalse();
    }

    @Test
    void queryWithoutUsableAddressOrUuidIsEmpty() {
        assertThat(LookupQuery.parse(Optional.of("zz"), Optional.empty()).isEmpty()).isTrue();
        assertThat(LookupQuery.parse(Optional.empty(), Optional.of(" ")).isEmpty()).isTrue();
        assertThat(LookupQuery.parse(Optional.of("zz"), Optional.of("cb53eb78-0069-4830-8c4d-de405393e9b3")).isEmpty())
                .isFalse();
    }

    @Test
    void queryStringIsEncodedAsIpaSendsIt() {
        LookupQuery query = new LookupQuery(List.of("02:fc:00:00:00:01"),
                Optional.of("cb53eb78-0069-4830-8c4d-de405393e9b3"));

        // Captured in wire-ipa-inspection.json.
        assertThat(query.toQueryString())
                .isEqualTo("addresses=02%3Afc%3A00%3A00%3A00%3A01&node_uuid=cb53eb78-0069-4830-8c4d-de405393e9b3");
        assertThat(new LookupQuery(List.of(), Optional.of("u")).toQueryString()).isEqualTo("node_uuid=u");
    }

    @Test
    void legacyLookupReadsAnOldMinimalInventory() {
        LegacyLookupRequest request = WireJson.read(mapper, """
                {"version": 2, "inventory": {
                  "interfaces": [{"name": "eth0", "mac_address": "52:54:00:12:34:56", "switch_port_descr": null}],
                  "cpu": {"model_name": "QEMU", "frequency": "2400", "count": 2, "architecture": "x86_64"},
                  "disks": [{"name": "/dev/sda", "model": "QEMU HARDDISK", "size": 10737418240, "rotational": true}],
                  "memory": {"total": 2147483648}}}""", LegacyLookupRequest.class);

        assertThat(request.version()).isEqualTo(LegacyLookupRequest.SUPPORTED_VERSION);
        Inventory inventory = request.inventory();
        assertThat(inventory.interfaces()).singleElement()
                .satisfies(nic -> assertThat(nic.macAddress()).isEqualTo("52:54:00:12:34:56"));
        assertThat(inventory.disks()).singleElement().satisfies(disk -> assertThat(disk.size()).isEqualTo(10737418240L));
    }

    @Test
    void legacyResponseCarriesTheNodeUuid() throws Exception {
        LegacyLookupResponse response = LegacyLookupResponse.of(300, "f18d5241-cf0e-49b1-9e58-199d1e08531c");

        assertThat(mapper.writeValueAsString(response))
                .isEqualTo("{\"heartbeat_timeout\":300,\"node\":{\"uuid\":\"f18d5241-cf0e-49b1-9e58-199d1e08531c\"}}");
        assertThat(WireJson.read(mapper, mapper.writeValueAsString(response), LegacyLookupResponse.class).nodeUuid())
                .isEqualTo("f18d5241-cf0e-49b1-9e58-199d1e08531c");
    }
}
