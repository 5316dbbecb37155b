package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /v1/events} (1.54): Neutron's port events validated as Ironic's schema does, then 204. */
class EventsConformanceTest {
    private static final String PORT = "a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";
    private static final String GOOD = "{\"event\":\"network.bind_port\",\"port_id\":\"" + PORT + "\","
            + "\"mac_address\":\"52:54:00:12:34:56\",\"status\":\"ACTIVE\",\"device_id\":\"" + PORT + "\","
            + "\"binding:host_id\":null,\"binding:vnic_type\":\"baremetal\"}";

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
    void validEventsAreAcceptedWithNoContent() {
        var reply = api.post("/v1/events", "{\"events\":[" + GOOD + "," + GOOD.replace("bind_port", "unbind_port")
                + "]}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(204);
        assertThat(reply.raw()).isEmpty();
        assertThat(api.send("POST", "/v1/events", Optional.of("{\"events\":[" + GOOD + "]}"), "1.54").status())
                .isEqualTo(204);
    }

    @Test
    void badEventsAre400() {
        for (String body : List.of("{}", "{\"events\":[]}", "{\"events\":{}}", "{\"events\":[1]}",
                "{\"events\":[" + GOOD + "],\"extra\":1}",
                "{\"events\":[" + GOOD.replace("network.bind_port", "network.explode") + "]}",
                "{\"events\":[" + GOOD.replace(PORT + "\",\"mac", "not-a-uuid\",\"mac") + "]}",
                "{\"events\":[" + GOOD.replace("52:54:00:12:34:56", "52:54:00") + "]}",
                "{\"events\":[" + GOOD.replace("\"status\":\"ACTIVE\",", "") + "]}",
                "{\"events\":[" + GOOD.replace("\"binding:host_id\":null", "\"binding:host_id\":\"host-1\"") + "]}",
                "{\"events\":[" + GOOD.replace("}", ",\"colour\":\"red\"}") + "]}")) {
            var reply = api.post("/v1/events", body);
            assertThat(reply.status()).as(body).isEqualTo(400);
            api.faultOf(reply);
        }
    }

    @Test
    void belowVersion154TheResourceDoesNotExist() {
        var reply = api.send("POST", "/v1/events", Optional.of("{\"events\":[" + GOOD + "]}"), "1.53");
        assertThat(reply.status()).isEqualTo(404);
        assertThat(api.get("/v1/events").status()).isEqualTo(405);
    }
}
