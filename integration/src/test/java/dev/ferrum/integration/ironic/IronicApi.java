package dev.ferrum.integration.ironic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The few calls of Ironic's REST API an operator makes to enroll and deploy or clean a node: plain
 * HTTP with the microversion header, as the {@code baremetal} CLI would send them.
 */
final class IronicApi {
    /** The newest microversion Ironic 2023.1 serves. */
    static final String VERSION = "1.82";

    /** States a provisioning flow cannot leave on its own: waiting longer would only burn the budget. */
    private static final Set<String> FAILED = Set.of("deploy failed", "clean failed", "error", "inspect failed");

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    IronicApi(String base) {
        this.base = base;
    }

    ObjectNode object() {
        return json.createObjectNode();
    }

    /** Enrolls a node; returns its UUID. */
    String createNode(ObjectNode node) {
        return send("POST", "/v1/nodes", node, 201).path("uuid").asText();
    }

    void createPort(String nodeUuid, String mac) {
        ObjectNode port = object().put("node_uuid", nodeUuid).put("address", mac);
        send("POST", "/v1/ports", port, 201);
    }

    /** Requests a provision-state change ({@code manage}, {@code provide}, {@code active}, {@code clean}, ...). */
    void provision(String nodeUuid, ObjectNode request) {
        send("PUT", "/v1/nodes/" + nodeUuid + "/states/provision", request, 202);
    }

    JsonNode node(String nodeUuid) {
        return send("GET", "/v1/nodes/" + nodeUuid, null, 200);
    }

    /**
     * Polls until the node is in {@code state} (and, unless it is a wait state, has no transition pending); fails early in a failure
     * state, and in any case with Ironic's {@code last_error} plus {@code context} (logs) in the message.
     */
    JsonNode awaitState(String nodeUuid, String state, Duration budget, Supplier<String> context)
            throws InterruptedException {
        return awaitState(nodeUuid, state, budget, Duration.ofMillis(500), context, polled -> { });
    }

    /** As above, polling every {@code poll} and showing each polled node to {@code observer} (a bench's timeline). */
    JsonNode awaitState(String nodeUuid, String state, Duration budget, Duration poll, Supplier<String> context,
            Consumer<JsonNode> observer) throws InterruptedException {
        long deadline = System.nanoTime() + budget.toNanos();
        while (true) {
            JsonNode node = node(nodeUuid);
            observer.accept(node);
            String current = node.path("provision_state").asText();
            // A wait state ("wait call-back", "clean wait") keeps its target while it waits for the agent.
            boolean settled = node.path("target_provision_state").isNull() || state.contains("wait");
            if (current.equals(state) && settled) {
                return node;
            }
            if (FAILED.contains(current) || System.nanoTime() > deadline) {
                throw new AssertionError("node " + nodeUuid + " did not reach '" + state + "' within " + budget
                        + ": it is '" + current + "' (target " + node.path("target_provision_state") + "), last_error: "
                        + node.path("last_error") + "\n" + context.get());
            }
            Thread.sleep(poll.toMillis());
        }
    }

    private JsonNode send(String method, String path, ObjectNode body, int expected) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("X-OpenStack-Ironic-API-Version", VERSION)
                .header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30));
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != expected) {
                throw new AssertionError(method + " " + path + " answered " + response.statusCode() + " (expected "
                        + expected + "): " + response.body());
            }
            return response.body().isBlank() ? object() : json.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + method + " " + path, e);
        }
    }
}
