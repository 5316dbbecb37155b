package dev.ferrum.conductor.api.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.api.nodes.HistoryView;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.HistoryEntry;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code GET /v1/events/stream}: the fleet's timeline as server-sent events (docs/events.md). Each history entry is
 * one event carrying the entry and the node as it is now; its id is the entry's fleet-wide id, so a client that
 * reconnects with {@code Last-Event-ID} misses nothing still retained. It reads the shared store, so every
 * conductor serves the same stream. A project-scoped caller sees only its project's (owned or leased) nodes.
 */
public final class EventStreamResource implements HttpService {
    private static final System.Logger LOG = System.getLogger(EventStreamResource.class.getName());
    private static final QueryParameters ACCEPTED = QueryParameters.of("node", "last_event_id");
    private static final int BATCH = 500;

    private final Store store;
    private final Endpoints endpoints;
    private final Duration poll;
    private final Duration keepAlive;

    /** Polls the store every {@code poll} and writes a keep-alive comment after {@code keepAlive} of silence. */
    public EventStreamResource(Store store, Endpoints endpoints, Duration poll, Duration keepAlive) {
        this.store = store;
        this.endpoints = endpoints;
        this.poll = poll;
        this.keepAlive = keepAlive;
    }

    public EventStreamResource(Store store, Endpoints endpoints) {
        this(store, endpoints, Duration.ofMillis(500), Duration.ofSeconds(15));
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/events/stream", endpoints.operator(this::stream))
                .any("/v1/events/stream", endpoints.methodNotAllowed());
    }

    private void stream(ApiCall call) {
        ACCEPTED.check(call);
        Optional<String> project = call.visibleProject();
        Optional<UUID> only = call.query("node").map(ident -> {
            Node node = store.nodes().getByIdent(ident);
            if (!visible(node, project)) {
                // Ironic conceals a node a project may not see: not found, not forbidden.
                throw NotFoundException.of("Node", ident);
            }
            return node.uuid();
        });
        long cursor = resumeFrom(call).orElseGet(() -> store.history().latestId());
        try (OutputStream out = call.stream("text/event-stream")) {
            write(out, "retry: 3000\n\n");
            long quietSince = System.nanoTime();
            while (!Thread.currentThread().isInterrupted()) {
                List<HistoryEntry> batch = store.history().after(cursor, BATCH);
                for (HistoryEntry entry : batch) {
                    cursor = entry.id();
                    UUID node = entry.event().nodeUuid();
                    if (only.isPresent() && !only.get().equals(node)) {
                        continue;
                    }
                    Optional<Node> now = store.nodes().find(node).filter(n -> visible(n, project));
                    if (now.isPresent()) {
                        write(out, event(call, entry, now.get()));
                        quietSince = System.nanoTime();
                    }
                }
                if (System.nanoTime() - quietSince >= keepAlive.toNanos()) {
                    // A comment: clients ignore it, proxies see traffic, and a gone client is noticed here.
                    write(out, ": keepalive\n\n");
                    quietSince = System.nanoTime();
                }
                if (batch.size() < BATCH) {
                    Thread.sleep(poll.toMillis());
                }
            }
        } catch (IOException | UncheckedIOException gone) {
            LOG.log(System.Logger.Level.DEBUG, "event stream closed by its client: " + gone.getMessage());
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code Last-Event-ID} (what browsers send on reconnect), else {@code last_event_id}; 400 when not an id. */
    private static Optional<Long> resumeFrom(ApiCall call) {
        return call.requestHeader("Last-Event-ID").or(() -> call.query("last_event_id")).map(String::strip)
                .filter(id -> !id.isEmpty()).map(id -> {
                    try {
                        long parsed = Long.parseLong(id);
                        if (parsed < 0) {
                            throw new NumberFormatException(id);
                        }
                        return parsed;
                    } catch (NumberFormatException e) {
                        throw new InvalidInputException("Invalid last event id \"" + id + "\": use the id of the"
                                + " last event received, a non-negative integer.");
                    }
                });
    }

    private static boolean visible(Node node, Optional<String> project) {
        return project.isEmpty() || node.attributes().owner().equals(project)
                || node.attributes().lessee().equals(project);
    }

    private static String event(ApiCall call, HistoryEntry entry, Node node) {
        ObjectNode data = call.mapper().createObjectNode();
        data.set("history", HistoryView.render(call, entry));
        data.set("node", summary(call, node));
        return "id: " + entry.id() + "\nevent: node\ndata: " + data + "\n\n";
    }

    /** The node's fields a follower needs to redraw it, as docs/events.md lists them. */
    private static ObjectNode summary(ApiCall call, Node node) {
        ObjectNode out = call.mapper().createObjectNode();
        out.put("uuid", node.uuid().toString());
        out.put("name", node.name().orElse(null));
        out.put("provision_state", node.provisionState().wireName());
        out.put("target_provision_state", node.targetProvisionState().map(s -> s.wireName()).orElse(null));
        out.put("power_state", node.powerState().map(PowerState::wireName).orElse(null));
        out.put("target_power_state", node.targetPowerState().map(PowerState::wireName).orElse(null));
        out.put("maintenance", node.maintenance());
        out.put("maintenance_reason", node.maintenanceReason().orElse(null));
        out.put("fault", node.attributes().fault().map(f -> f.wireName()).orElse(null));
        out.put("last_error", node.lastError().orElse(null));
        out.put("reservation", node.reservation().orElse(null));
        out.put("owner", node.attributes().owner().orElse(null));
        out.put("lessee", node.attributes().lessee().orElse(null));
        out.put("resource_class", node.resourceClass().orElse(null));
        out.set("agent_progress", node.internal().agentProgress().<com.fasterxml.jackson.databind.JsonNode>map(
                p -> p.toJson()).orElse(call.mapper().nullNode()));
        out.put("updated_at", node.updatedAt().map(ApiTimes::format).orElse(null));
        return out;
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
