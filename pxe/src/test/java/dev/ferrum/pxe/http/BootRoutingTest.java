package dev.ferrum.pxe.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.pxe.MacAddresses;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.support.net.MacAddress;
import io.helidon.http.Status;
import io.helidon.webclient.api.ClientResponseTyped;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.testing.junit5.DirectClient;
import io.helidon.webserver.testing.junit5.RoutingTest;
import io.helidon.webserver.testing.junit5.SetUpRoute;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The same routing function the conductor mounts, exercised without a socket. */
@RoutingTest
class BootRoutingTest {
    private static final MacAddress DEPLOYED = MacAddresses.parse("52:54:00:aa:00:07");

    private final DirectClient client;

    BootRoutingTest(DirectClient client) {
        this.client = client;
    }

    @SetUpRoute
    static void routing(HttpRouting.Builder routing) {
        FakeBootScriptSource source = new FakeBootScriptSource().put(DEPLOYED, new BootScript.LocalDisk(LocalBootMethod.SANBOOT));
        new BootFileService(BootHttpConfig.of(HttpUrl.of("http://10.20.0.1:8080/boot"), Path.of("/nonexistent/ferrum/boot")), source)
                .mount(routing);
    }

    @Test
    void servesTheDeployedNodesLocalBoot() {
        ClientResponseTyped<String> response = client.get("/boot/52-54-00-aa-00-07.ipxe").request(String.class);

        assertThat(response.status()).isEqualTo(Status.OK_200);
        assertThat(response.entity()).isEqualTo(new IpxeScriptRenderer().render(new BootScript.LocalDisk(LocalBootMethod.SANBOOT)));
    }

    @Test
    void aMissingFilesDirectoryServesNothing() {
        assertThat(client.get("/boot/files/agent.kernel").request(String.class).status()).isEqualTo(Status.NOT_FOUND_404);
    }
}
