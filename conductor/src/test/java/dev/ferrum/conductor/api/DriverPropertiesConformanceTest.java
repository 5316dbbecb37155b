package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.DriverProperties;
import dev.ferrum.conductor.node.InterfaceKind;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /v1/drivers/<d>/properties}: the driver_info keys of the type's default interfaces. */
class DriverPropertiesConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void fakeHardwareOffersItsFakeVendorsKeysAndTheDriverDocumentLinksThere() {
        var reply = api.get("/v1/drivers/fake-hardware/properties");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(VersionsTest.keys(reply.body())).containsExactly("B1", "B2");
        assertThat(reply.body().get("B1").asText()).endsWith("Required.");
        String link = api.get("/v1/drivers/fake-hardware").body().get("properties").get(0).get("href").asText();
        assertThat(link).isEqualTo(api.base + "/v1/drivers/fake-hardware/properties");
        var missing = api.send("GET", "/v1/drivers/nope/properties", Optional.empty(), "1.1");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(api.faultOf(missing)).isEqualTo("Could not find the following driver(s) or hardware type(s): nope.");
    }

    @Test
    void realInterfacesListTheKeysTheyRead() {
        assertThat(DriverProperties.of(InterfaceKind.POWER, "ipmitool")).containsKeys("ipmi_address", "ipmi_username",
                "ipmi_password", "ipmi_port");
        assertThat(DriverProperties.of(InterfaceKind.MANAGEMENT, "redfish")).containsKeys("redfish_address",
                "redfish_system_id", "redfish_username", "redfish_password", "redfish_verify_ca");
        assertThat(DriverProperties.of(InterfaceKind.BOOT, "ipxe")).containsKeys("deploy_kernel", "deploy_ramdisk");
        assertThat(DriverProperties.of(InterfaceKind.DEPLOY, "direct")).isEmpty();
    }
}
