package dev.ferrum.pxe.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.pxe.GoldenFiles;
import dev.ferrum.pxe.MacAddresses;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.pxe.script.Ramdisks;
import dev.ferrum.support.net.MacAddress;
import io.helidon.webserver.WebServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Boot scripts over real HTTP on loopback, from a server the test starts and stops. */
class BootFileServiceTest {
    private static final MacAddress KNOWN = MacAddresses.parse("52:54:00:aa:bb:01");
    private static final MacAddress STRANGER = MacAddresses.parse("52:54:00:12:34:56");

    @TempDir
    Path scratch;
    private final FakeBootScriptSource source = new FakeBootScriptSource();
    private final IpxeScriptRenderer renderer = new IpxeScriptRenderer();
    private final HttpClient client = HttpClient.newHttpClient();
    private WebServer server;
    private BootHttpConfig config;

    @BeforeEach
    void start() throws IOException {
        Path files = Files.createDirectories(scratch.resolve("files"));
        config = BootHttpConfig.of(HttpUrl.of("http://10.20.0.1:8080/boot"), files);
        server = BootServers.start(new BootFileService(config, source));
    }

    @AfterEach
    void stop() {
        server.stop();
        client.close();
    }

    @Test
    void defaultScriptChainsToThePerMacScript() throws Exception {
        HttpResponse<String> response = get("/boot/default.ipxe");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/plain; charset=utf-8");
        assertThat(response.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(response.body())
                .isEqualTo(renderer.render(new BootScript.ChainByMac(config.publicUrl(), config.chainRetry())))
                .contains("chain --replace --autofree http://10.20.0.1:8080/boot/${mac:hexhyp}.ipxe");
    }

    @Test
    void knownMacGetsItsNodesScriptInEitherSpelling() throws Exception {
        source.put(KNOWN, Ramdisks.deploy());

        HttpResponse<String> hyphens = get("/boot/52-54-00-AA-BB-01.ipxe");
        HttpResponse<String> colons = get("/boot/52:54:00:aa:bb:01.ipxe");

        assertThat(hyphens.statusCode()).isEqualTo(200);
        assertThat(hyphens.body()).isEqualTo(renderer.render(Ramdisks.deploy()));
        assertThat(colons.body()).isEqualTo(hyphens.body());
        assertThat(source.asked()).containsExactly(KNOWN, KNOWN);
    }

    @Test
    void unknownMacGetsTheInspectionScriptWhileDiscoveryRuns() throws Exception {
        source.discover(Ramdisks.discovery());

        HttpResponse<String> response = get("/boot/52-54-00-12-34-56.ipxe");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(renderer.render(Ramdisks.discovery()));
    }

    @Test
    void unknownMacIsSentToItsNextBootDeviceWhenDiscoveryIsOff() throws Exception {
        source.discover(Ramdisks.discovery()).stopDiscovery();

        HttpResponse<String> response = get("/boot/" + STRANGER.hyphenated() + ".ipxe");

        assertThat(response.statusCode()).isEqualTo(200);
        GoldenFiles.assertMatches("served-unknown.ipxe", response.body());
    }

    @Test
    void aKnownMacDoesNotTurnIntoDiscovery() throws Exception {
        source.put(KNOWN, new BootScript.LocalDisk(dev.ferrum.pxe.script.LocalBootMethod.EXIT)).discover(Ramdisks.discovery());

        assertThat(get("/boot/" + KNOWN.hyphenated() + ".ipxe").body()).contains("exit").doesNotContain("kernel");
    }

    @Test
    void namesThatAreNeitherDefaultNorAMacAreNotFound() throws Exception {
        assertThat(get("/boot/node-1.ipxe").statusCode()).isEqualTo(404);
        assertThat(get("/boot/52-54-00-12-34-56.txt").statusCode()).isEqualTo(404);
        assertThat(get("/boot/").statusCode()).isEqualTo(404);
        assertThat(source.asked()).isEmpty();
    }

    @Test
    void aFailingSourceAnswers500WithItsMessage() throws Exception {
        BootScriptSource failing = new BootScriptSource() {
            @Override
            public Optional<BootScript> scriptFor(MacAddress mac) {
                throw new PxeException("node store unavailable, try again");
            }

            @Override
            public Optional<BootScript.AgentBoot> discovery() {
                return Optional.empty();
            }
        };
        server.stop();
        server = BootServers.start(new BootFileService(config, failing));

        HttpResponse<String> response = get("/boot/" + KNOWN.hyphenated() + ".ipxe");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("node store unavailable, try again");
    }

    @Test
    void theNoOpSourceSendsEveryMachineOn() throws Exception {
        server.stop();
        server = BootServers.start(new BootFileService(config, BootScriptSource.none()));

        assertThat(get("/boot/" + KNOWN.hyphenated() + ".ipxe").body()).contains("discovery is off").endsWith("exit\n");
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
