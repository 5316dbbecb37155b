package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /v1/nodes/<id>/vifs} as Ironic serves it (1.28), VIFs recorded in ports' internal_info. */
class VifsConformanceTest {
    private static final String VIF_A = "6f0a8e3c-5a8e-4b2a-9a57-0f6c1f0c2a11";
    private static final String VIF_B = "0d5f4c1e-1c3e-4a0e-8f0b-3c2a5b7d9e22";

    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("vif-node");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply send(String method, String path, String body, String version) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private String port(String mac, boolean pxe) {
        var reply = api.post("/v1/ports", "{\"node_uuid\":\"" + node + "\",\"address\":\"" + mac + "\","
                + "\"pxe_enabled\":" + pxe + "}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        return reply.body().get("uuid").asText();
    }

    @Test
    void attachListAndDetachThroughAPort() {
        String port = port("52:54:00:00:00:01", true);
        assertThat(send("GET", "/v1/nodes/" + node + "/vifs", null, "1.28").body().get("vifs")).isEmpty();

        var attach = send("POST", "/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\"}", "1.28");
        assertThat(attach.status()).as(attach.raw()).isEqualTo(204);
        assertThat(attach.raw()).isEmpty();

        JsonNode list = send("GET", "/v1/nodes/vif-node/vifs", null, "1.28").body();
        assertThat(list.toString()).isEqualTo("{\"vifs\":[{\"id\":\"" + VIF_A + "\"}]}");
        JsonNode shown = send("GET", "/v1/ports/" + port, null, "1.28").body();
        assertThat(shown.get("internal_info").get("tenant_vif_port_id").asText()).isEqualTo(VIF_A);

        var detach = send("DELETE", "/v1/nodes/" + node + "/vifs/" + VIF_A, null, "1.28");
        assertThat(detach.status()).isEqualTo(204);
        assertThat(send("GET", "/v1/nodes/" + node + "/vifs", null, "1.28").body().get("vifs")).isEmpty();
        assertThat(send("GET", "/v1/ports/" + port, null, "1.28").body().get("internal_info").has(
                "tenant_vif_port_id")).isFalse();
    }

    @Test
    void aPxePortIsPreferredAndEachVifTakesItsOwnPort() {
        String plain = port("52:54:00:00:00:01", false);
        String pxe = port("52:54:00:00:00:02", true);
        assertThat(api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\"}").status()).isEqualTo(204);
        assertThat(api.get("/v1/ports/" + pxe).body().get("internal_info").path("tenant_vif_port_id").asText())
                .isEqualTo(VIF_A);
        assertThat(api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_B + "\"}").status()).isEqualTo(204);
        assertThat(api.get("/v1/ports/" + plain).body().get("internal_info").path("tenant_vif_port_id").asText())
                .isEqualTo(VIF_B);

        var noFree = api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"third-vif\"}");
        assertThat(noFree.status()).isEqualTo(400);
        assertThat(api.faultOf(noFree)).isEqualTo("Unable to attach VIF third-vif, not enough free physical ports.");
        var again = api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\"}");
        assertThat(again.status()).isEqualTo(409);
        assertThat(api.faultOf(again)).contains("already attached", "Port " + pxe);
        assertThat(api.get("/v1/nodes/" + node + "/vifs").body().get("vifs")).hasSize(2);
    }

    @Test
    void aPortgroupTakesTheVifBeforeItsPortsAndShowsIt() {
        var group = api.post("/v1/portgroups", "{\"node_uuid\":\"" + node + "\",\"address\":\"52:54:00:00:10:00\","
                + "\"name\":\"bond0\"}");
        assertThat(group.status()).as(group.raw()).isEqualTo(201);
        String groupUuid = group.body().path("uuid").asText();
        String member = port("52:54:00:00:10:01", true);
        assertThat(api.patch("/v1/ports/" + member, "[{\"op\":\"add\",\"path\":\"/portgroup_uuid\",\"value\":\""
                + groupUuid + "\"}]").status()).isEqualTo(200);
        String loose = port("52:54:00:00:10:02", false);

        assertThat(api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\"}").status()).isEqualTo(204);
        assertThat(api.get("/v1/portgroups/" + groupUuid).body().path("internal_info").path("tenant_vif_port_id")
                .asText()).isEqualTo(VIF_A);
        assertThat(api.get("/v1/ports/" + member).body().path("internal_info").has("tenant_vif_port_id")).isFalse();
        // The group's member is taken with it; the next VIF goes to the port outside the group.
        assertThat(api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_B + "\"}").status()).isEqualTo(204);
        assertThat(api.get("/v1/ports/" + loose).body().path("internal_info").path("tenant_vif_port_id").asText())
                .isEqualTo(VIF_B);
        assertThat(api.delete("/v1/nodes/" + node + "/vifs/" + VIF_A).status()).isEqualTo(204);
        assertThat(api.get("/v1/portgroups/" + groupUuid).body().path("internal_info").has("tenant_vif_port_id"))
                .isFalse();
    }

    @Test
    void aPortCanBeChosenFrom167() {
        port("52:54:00:00:00:01", true);
        String second = port("52:54:00:00:00:02", true);
        var both = send("POST", "/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\",\"port_uuid\":\"" + second
                + "\",\"portgroup_uuid\":\"" + second + "\"}", "1.67");
        assertThat(both.status()).isEqualTo(400);
        assertThat(api.faultOf(both)).isEqualTo("Cannot specify both port_uuid and portgroup_uuid");
        var chosen = send("POST", "/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\",\"port_uuid\":\""
                + second + "\"}", "1.67");
        assertThat(chosen.status()).isEqualTo(204);
        assertThat(api.get("/v1/ports/" + second).body().get("internal_info").path("tenant_vif_port_id").asText())
                .isEqualTo(VIF_A);
    }

    @Test
    void errorsAndVersions() {
        port("52:54:00:00:00:01", true);
        assertThat(send("GET", "/v1/nodes/" + node + "/vifs", null, "1.27").status()).isEqualTo(404);
        assertThat(send("POST", "/v1/nodes/" + node + "/vifs", "{\"id\":\"" + VIF_A + "\"}", "1.27").status())
                .isEqualTo(404);
        assertThat(api.post("/v1/nodes/" + node + "/vifs", "{}").status()).isEqualTo(400);
        assertThat(api.post("/v1/nodes/" + node + "/vifs", "{\"id\":5}").status()).isEqualTo(400);
        var badName = api.post("/v1/nodes/" + node + "/vifs", "{\"id\":\"not a name\"}");
        assertThat(badName.status()).isEqualTo(400);
        assertThat(api.faultOf(badName)).startsWith("Expected UUID or name for id");
        var notAttached = api.delete("/v1/nodes/" + node + "/vifs/" + VIF_B);
        assertThat(notAttached.status()).isEqualTo(400);
        assertThat(api.faultOf(notAttached)).isEqualTo("Unable to detach VIF " + VIF_B + " from node " + node
                + " because it is not attached to it.");
        assertThat(api.get("/v1/nodes/no-such-node/vifs").status()).isEqualTo(404);
        assertThat(api.send("PUT", "/v1/nodes/" + node + "/vifs", Optional.of("{}"), "latest").status())
                .isEqualTo(405);
        String bare = api.createNode("no-ports");
        assertThat(api.post("/v1/nodes/" + bare + "/vifs", "{\"id\":\"" + VIF_A + "\"}").status()).isEqualTo(400);
    }
}
