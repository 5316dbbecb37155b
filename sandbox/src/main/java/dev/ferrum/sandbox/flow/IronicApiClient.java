package dev.ferrum.sandbox.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.sandbox.SandboxException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The sandbox's operator: a small client of the conductor's Ironic v1 API, sending the newest
 * microversion as the {@code baremetal} CLI would. A status other than the expected one is a
 * SandboxException quoting the API's answer.
 */
public final class IronicApiClient implements AutoCloseable {
    /** The microversion header every request carries. */
    public static final String VERSION_HEADER = "X-OpenStack-Ironic-API-Version";

    private final URI api;
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public IronicApiClient(URI api) {
        this.api = api;
    }

    public JsonNode get(String path) {
        return call("GET", path, null, 200);
    }

    public JsonNode post(String path, JsonNode body) {
        return call("POST", path, body, 201);
    }

    /** {@code PUT /v1/nodes/<uuid>/states/provision} with {@code target}. */
    public void provision(String node, String target) {
        call("PUT", "/v1/nodes/" + node + "/states/provision", json.createObjectNode().put("target", target), 202);
    }

    /** {@code PUT path} with {@code body}, expecting {@code expected} (202 for state changes, 204 for RAID targets). */
    public JsonNode put(String path, JsonNode body, int expected) {
        return call("PUT", path, body, expected);
    }

    /** Applies a JSON patch (RFC 6902) to a node. */
    public JsonNode patchNode(String node, JsonNode patch) {
        return call("PATCH", "/v1/nodes/" + node, patch, 200);
    }

    public ObjectMapper json() {
        return json;
    }

    private JsonNode call(String method, String path, JsonNode body, int expected) {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.resolve(path)).timeout(Duration.ofSeconds(60))
                .header(VERSION_HEADER, "latest").header("Accept", "application/json");
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new SandboxException("the conductor at " + api + " did not answer " + method + " " + path + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxException("interrupted during " + method + " " + path, e);
        }
        if (response.statusCode() != expected) {
            throw new SandboxException(method + " " + path + " answered HTTP " + response.statusCode() + ": "
                    + response.body());
        }
        try {
            return response.body().isBlank() ? json.createObjectNode() : json.readTree(response.body());
        } catch (IOException e) {
            throw new SandboxException(method + " " + path + " answered with something that is not JSON: "
                    + response.body(), e);
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
