package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ferrum.testing.FuzzMode;
import dev.ferrum.conductor.state.ProvisionState;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The ramdisk endpoints (lookup, heartbeat, their legacy vendor_passthru forms, inspection's
 * {@code /v1/continue}) answer whoever reaches the API. Driven over HTTP on loopback against a whole
 * conductor with a node waiting for its ramdisk, every request gets Ironic's answer: 2xx, or a 4xx
 * fault; never a 5xx, which would mean an exception escaped the handlers.
 *
 * <p>An input is text: {@code METHOD PATH}, a line with the API version (empty for none), then the
 * body; {@code {node}} in the path stands for the waiting node's uuid.
 */
class RamdiskEndpointsFuzzTest {
    /** Request targets longer than this never reach routing (see answersAnyRamdiskRequest). */
    private static final int MAX_REQUEST_TARGET = 1900;
    private static final String MAC = "02:fc:00:00:00:01";
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static Path temp;
    private static FlowFixture conductor;
    private static UUID node;

    @BeforeAll
    static void start() throws IOException {
        FuzzMode.announce(RamdiskEndpointsFuzzTest.class);
        temp = Files.createTempDirectory("ferrum-ramdisk-fuzz");
        conductor = new FlowFixture(temp, FlowConfig.defaults().withAutomatedClean(false));
        node = conductor.createNode("fuzz-node", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":"
                + "{\"image_source\":\"http://127.0.0.1:1/disk.raw\",\"image_checksum\":\"abc\"}");
        for (String[] step : new String[][] {{"manage", "MANAGEABLE"}, {"provide", "AVAILABLE"}, {"active", "DEPLOY_WAIT"}}) {
            conductor.provision(node, step[0]);
            conductor.await(node, ProvisionState.valueOf(step[1]));
        }
    }

    @AfterAll
    static void stop() throws IOException {
        conductor.close();
        try (Stream<Path> files = Files.walk(temp)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @FuzzTest(maxDuration = "30s")
    void answersAnyRamdiskRequest(byte[] input) {
        String[] parts = new String(input, StandardCharsets.UTF_8).split("\n", 3);
        String[] request = parts[0].split(" ", 2);
        if (request.length < 2 || !METHODS.contains(request[0]) || !request[1].startsWith("/v1/")) {
            return; // Only requests the HTTP client can send at all.
        }
        String path = request[1].replace("{node}", node.toString());
        if (path.length() > MAX_REQUEST_TARGET) {
            // Helidon closes the connection on a request line past its prologue limit (2 KiB) before any
            // Ferrum code runs: a transport limit with no answer to check, not a conductor behaviour.
            return;
        }
        try {
            URI.create(conductor.base + path);
        } catch (IllegalArgumentException notAUrl) {
            return;
        }
        Map<String, String> headers = new HashMap<>();
        if (parts.length > 1 && parts[1].length() > MAX_REQUEST_TARGET) {
            return; // A header past Helidon's limits is refused the same way, before Ferrum sees it.
        }
        if (parts.length > 1 && !parts[1].isBlank()) {
            headers.put("X-OpenStack-Ironic-API-Version", parts[1].strip());
        }
        Optional<String> body = parts.length > 2 && !request[0].equals("GET") ? Optional.of(parts[2]) : Optional.empty();
        FlowFixture.Reply reply;
        // Jazzer's SSRF detector: the test's own requests to the conductor are the only connections
        // allowed; the conductor calling out anywhere (a callback_url, say) is a finding. Set per
        // request, since Jazzer resets it when fuzzing starts.
        int port = conductor.server.port();
        try (SilentCloseable onlyTheConductor = BugDetectors.allowNetworkConnections((host, p) -> p == port
                && List.of("127.0.0.1", "localhost").contains(host.replace("/", "")))) {
            try {
                reply = conductor.send(request[0], path, body, headers).reply();
            } catch (java.io.UncheckedIOException staleConnection) {
                // The client may reuse a pooled connection the server has just closed after an error answer
                // ("header parser received no bytes"); the client does not retry a POST itself, so do it once.
                reply = conductor.send(request[0], path, body, headers).reply();
            }
        } catch (IllegalArgumentException headerTheClientRefuses) {
            return;
        }
        assertThat(reply.status()).as("%s %s (version %s) answered %s", request[0], path, headers, reply.raw())
                .isBetween(200, 499);
    }
}
