package dev.ferrum.protocol.inspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireJson;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ContinueBodyTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    private static byte[] resource(String path) throws Exception {
        try (InputStream in = ContinueBodyTest.class.getResourceAsStream(path)) {
            return in.readAllBytes();
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The IPA continue body of wire-ipa-inspection.json, as the bytes the inspector received. */
    private byte[] ipaBody() throws Exception {
        JsonNode log = mapper.readTree(resource("/wire-samples/wire-ipa-inspection.json"));
        return mapper.writeValueAsBytes(log.get(0).get("request").get("body"));
    }

    @Test
    void ipaBodyIsToldApartByItsInventory() throws Exception {
        ContinueBody body = ContinueBody.parse(mapper, ipaBody());

        assertThat(body).isInstanceOf(IpaContinue.class);
        IpaContinue ipa = (IpaContinue) body;
        assertThat(ipa.inventory().cpu().count()).isEqualTo(2);
        assertThat(ipa.rootDisk()).hasValueSatisfying(disk -> assertThat(disk.name()).isEqualTo("/dev/vda"));
        assertThat(ipa.configuration()).hasValueSatisfying(config -> {
            assertThat(config.collectors()).containsExactly("default", "logs");
            assertThat(config.managers()).extracting(ManagerVersion::name)
                    .containsExactly("PeerSafeHardwareManager", "generic_hardware_manager");
        });
        assertThat(ipa.logs()).hasValueSatisfying(logs -> assertThat(logs).startsWith("H4sI"));
        assertThat(body.error()).isEmpty();
        assertThat(body.macAddresses()).containsExactly("02:fc:00:00:00:01");
        assertThat(body.bmcAddress()).contains("0.0.0.0");
    }

    @Test
    void discoverdBodyIsTheFlatForm() {
        ContinueBody body = ContinueBody.parse(mapper, bytes("""
                {"cpus": 4, "cpu_arch": "x86_64", "memory_mb": 8192, "local_gb": 100,
                 "interfaces": {"eth0": {"mac": "52:54:00:AA:BB:CC", "ip": "192.0.2.5"},
                                "eth1": {"mac": "52:54:00:aa:bb:cd", "ip": null}},
                 "ipmi_address": "10.1.2.3"}"""));

        assertThat(body).isInstanceOf(DiscoverdContinue.class);
        DiscoverdContinue flat = (DiscoverdContinue) body;
        assertThat(flat.cpus()).contains(4);
        assertThat(flat.memoryMb()).contains(8192L);
        assertThat(flat.interfaces().get("eth1").ip()).isEmpty();
        assertThat(body.macAddresses()).containsExactly("52:54:00:aa:bb:cc", "52:54:00:aa:bb:cd");
        assertThat(body.bmcAddress()).contains("10.1.2.3");
    }

    @Test
    void callersSwitchExhaustivelyOverTheTwoForms() throws Exception {
        ContinueBody body = ContinueBody.parse(mapper, ipaBody());

        String form = switch (body) {
            case IpaContinue ipa -> "ipa with " + ipa.inventory().disks().size() + " disk";
            case DiscoverdContinue flat -> "discoverd with " + flat.interfaces().size() + " nics";
        };

        assertThat(form).isEqualTo("ipa with 1 disk");
    }

    @Test
    void aNullDiscoverdInterfaceIsAWireFormatError() {
        // Found by RamdiskEndpointsFuzzTest: the null NIC was accepted and macAddresses() threw a
        // NullPointerException, which the conductor's /v1/continue answered with a 500.
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes("{\"interfaces\": {\"eth0\": null}}")))
                .isInstanceOf(WireFormatException.class).hasMessageContaining("eth0");
    }

    @Test
    void ramdiskErrorIsVisibleInEitherForm() {
        assertThat(ContinueBody.parse(mapper, bytes("{\"error\": \"no disks found\", \"interfaces\": {}}")).error())
                .contains("no disks found");
    }

    @Test
    void inspectorStoredDataKeepsItsProcessedKeys() throws Exception {
        ContinueBody body = ContinueBody.parse(mapper, resource("/wire-samples/inspector-stored-data.json"));

        IpaContinue ipa = (IpaContinue) body;
        assertThat(ipa.extra()).containsKeys("cpus", "cpu_arch", "memory_mb", "local_gb", "macs", "all_interfaces");
        assertThat(ipa.extra().get("interfaces").isObject()).isTrue();
    }

    @Test
    void rejectsBodiesThatAreNeitherForm() {
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes("[1, 2]")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("must be a JSON object, got array");
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes("{\"hello\": \"world\"}")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("neither IPA's 'inventory' nor discoverd's");
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes("{\"inventory\": \"x\"}")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("'inventory' must be an object");
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes("{\"cpus\": ")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> ContinueBody.parse(mapper, new byte[0]))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("empty");
    }

    @Test
    void malformedInventoryNamesThePath() {
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes(
                "{\"inventory\": {\"interfaces\": [{\"name\": \"eth0\"}]}}")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("IpaContinue")
                .hasMessageContaining("$.inventory.interfaces[0]")
                .hasMessageContaining("needs a MAC address");
        assertThatThrownBy(() -> ContinueBody.parse(mapper, bytes("{\"cpus\": \"many\"}")))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("$.cpus");
    }

    @Test
    void statusAndResponseSerialiseAsTheInspectorDoes() throws Exception {
        assertThat(mapper.writeValueAsString(ContinueResponse.of("1dc2bd85-732d-4ad7-9fdb-4cc489d2d597")))
                .isEqualTo("{\"uuid\":\"1dc2bd85-732d-4ad7-9fdb-4cc489d2d597\"}");
        IntrospectionStatus waiting = WireJson.read(mapper, "{\"finished\": false, \"error\": null}",
                IntrospectionStatus.class);
        assertThat(mapper.readTree(mapper.writeValueAsString(waiting)).has("error")).isTrue();
    }
}
