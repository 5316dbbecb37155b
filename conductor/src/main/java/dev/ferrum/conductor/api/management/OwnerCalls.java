package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiErrors;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.cluster.NoValidHost;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.cluster.OwnerCall;
import dev.ferrum.conductor.cluster.OwnerReply;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.history.RequestUser;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import dev.ferrum.protocol.json.WireJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The one path for the node actions Ironic's API answers after a synchronous RPC call to the node's conductor
 * ({@link OwnerAction}): the API calls {@link #call}; on the node's ring owner the action runs at once through
 * {@link BmcActions}; elsewhere the call is written to the store, the owner's poll ({@link #start}) claims it, runs
 * the same code and stores the reply, and the caller answers with it exactly as the owner would have (the same
 * result, or the same status and message). Only the owner talks to the BMC: it may be reachable only from the
 * conductors of the node's group.
 *
 * <p>The owner polls the store rather than being told through PostgreSQL's LISTEN/NOTIFY: the same code serves
 * SQLite, the table holds only calls in flight (an indexed read of an empty table), and a poll every
 * {@link #OWNER_POLL} keeps the added latency well under a second without a dedicated connection per conductor.
 */
public final class OwnerCalls implements AutoCloseable {
    /** Ironic's default {@code rpc_response_timeout}: how long a caller waits for the owner's reply. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** How often an owner looks for calls to its nodes. */
    public static final Duration OWNER_POLL = Duration.ofMillis(100);
    private static final Duration REPLY_POLL = Duration.ofMillis(20);
    /** Calls older than this are left by a caller that died waiting; a live caller deletes its own. */
    private static final Duration KEEP = Duration.ofMinutes(10);
    private static final System.Logger LOG = System.getLogger(OwnerCalls.class.getName());

    private final Store store;
    private final String conductor;
    private final Function<Node, Optional<String>> ownerOf;
    private final BmcActions actions;
    private final Clock clock;
    private final Duration timeout;
    private final Timeline timeline;
    private final ObjectMapper json = WireJson.newMapper();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-owner-calls").daemon().factory());

    /**
     * @param ownerOf the node's ring owner (the conductor ring's answer); empty when no live conductor of the node's
     *     group serves its hardware type
     * @param timeout how long a caller waits for the owner's reply; after it the owner no longer starts the call
     */
    public OwnerCalls(Store store, String conductor, Function<Node, Optional<String>> ownerOf, BmcActions actions,
            Clock clock, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the owner call timeout must be positive, got " + timeout);
        }
        this.store = store;
        this.conductor = conductor;
        this.ownerOf = ownerOf;
        this.actions = actions;
        this.clock = clock;
        this.timeout = timeout;
        this.timeline = new Timeline(store, conductor, clock);
    }

    /** For a conductor that works every node itself (no ring): each call runs here. */
    public static OwnerCalls local(Store store, String conductor, BmcActions actions, Clock clock) {
        return new OwnerCalls(store, conductor, node -> Optional.of(conductor), actions, clock, DEFAULT_TIMEOUT);
    }

    /** The actions as this conductor runs them, for the checks the API makes before handing a request off. */
    BmcActions actions() {
        return actions;
    }

    /**
     * Runs {@code action} on the node's owner and returns its result ({@code null} JSON for none); throws what the
     * owner's run threw, or an {@link ApiException} with the status and message the owner's API would have sent.
     */
    public JsonNode call(Node node, OwnerAction action, ObjectNode arguments) {
        String owner = ownerOf.apply(node).orElseThrow(() -> NoValidHost.forNode(node));
        if (owner.equals(conductor)) {
            return actions.run(action, node, arguments);
        }
        return askOwner(node, owner, action, arguments);
    }

    private JsonNode askOwner(Node node, String owner, OwnerAction action, ObjectNode arguments) {
        Instant now = clock.instant();
        OwnerCall call = new OwnerCall(UUID.randomUUID(), node.uuid(), action, arguments.toString(), conductor,
                RequestUser.current(), now, now.plus(timeout));
        store.ownerCalls().put(call);
        try {
            while (clock.instant().isBefore(call.deadline())) {
                Optional<OwnerReply> reply = store.ownerCalls().replyTo(call.id());
                if (reply.isPresent()) {
                    store.ownerCalls().delete(call.id());
                    return unpack(reply.get());
                }
                Thread.sleep(REPLY_POLL);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return giveUp(call, node, owner);
    }

    /**
     * The owner did not answer in time: the call is withdrawn so it never runs late; when the owner had already
     * started it, the client is told that it may still complete (as an RPC timeout leaves it in Ironic).
     */
    private JsonNode giveUp(OwnerCall call, Node node, String owner) {
        String waited = "Timed out after " + timeout.toSeconds() + " s waiting for conductor " + owner + ", the owner of"
                + " node " + node.uuid() + ", to answer " + call.action().wireName();
        if (store.ownerCalls().withdrawUnclaimed(call.id())) {
            throw new ApiException(500, waited + "; it never started the action, which will not run now. Check that"
                    + " conductor " + owner + " is running and reaches the database, then retry.");
        }
        Optional<OwnerReply> late = store.ownerCalls().replyTo(call.id());
        store.ownerCalls().delete(call.id());
        if (late.isPresent()) {
            return unpack(late.get());
        }
        throw new ApiException(500, waited + "; it started the action and may still complete it. Check the node (and"
                + " conductor " + owner + "'s log) before retrying.");
    }

    private JsonNode unpack(OwnerReply reply) {
        return switch (reply) {
            case OwnerReply.Done done -> readJson(done.result());
            case OwnerReply.Failed failed -> throw new ApiException(failed.status(), failed.message());
        };
    }

    /** Serves calls to this conductor's nodes every {@link #OWNER_POLL}, and prunes abandoned ones, until closed. */
    public void start() {
        start(OWNER_POLL);
    }

    /** {@link #start()} with another poll interval. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(() -> logged("serving owner calls", this::serveOnce), interval.toMillis(),
                interval.toMillis(), TimeUnit.MILLISECONDS);
        timer.scheduleWithFixedDelay(() -> logged("pruning owner calls",
                () -> store.ownerCalls().pruneBefore(clock.instant().minus(KEEP))), 1, 1, TimeUnit.MINUTES);
    }

    private static void logged(String what, java.util.function.IntSupplier work) {
        try {
            work.getAsInt();
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.ERROR, what + " failed; retrying: " + failure.getMessage(), failure);
        }
    }

    /** Claims every waited-for call to a node this conductor owns and starts it; returns how many it took. */
    public int serveOnce() {
        int taken = 0;
        for (OwnerCall call : store.ownerCalls().unclaimed(clock.instant())) {
            boolean mine = store.nodes().find(call.node()).flatMap(ownerOf).filter(conductor::equals).isPresent();
            // Claimed by one conductor only, and never once its caller stopped waiting (the claim checks the deadline).
            if (mine && store.ownerCalls().claim(call, conductor, clock.instant())) {
                Thread.ofVirtual().name("owner-call").start(() -> answer(call));
                taken++;
            }
        }
        return taken;
    }

    private void answer(OwnerCall call) {
        OwnerReply reply = RequestUser.as(call.user(), () -> run(call));
        try {
            if (!store.ownerCalls().reply(call.id(), reply)) {
                LOG.log(System.Logger.Level.WARNING, "node=" + call.node() + " " + call.action().wireName()
                        + " finished after conductor " + call.requestedBy() + " stopped waiting for it: " + reply);
            }
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.ERROR, "node=" + call.node() + " the reply to " + call.action().wireName()
                    + " could not be stored; its caller times out: " + failure.getMessage(), failure);
        }
    }

    private OwnerReply run(OwnerCall call) {
        try {
            Node node = store.nodes().get(call.node());
            JsonNode result = actions.run(call.action(), node, (ObjectNode) readJson(call.arguments()));
            // Best effort: the action has happened, so a history write that fails must not tell the caller it
            // did not (the entry is logged instead).
            if (call.action().changesNode()) {
                timeline.record(new NodeEvent(UUID.randomUUID(), node.uuid(), clock.instant(),
                        node.provisionState(), node.provisionState(), call.action().wireName(),
                        NodeEvent.Severity.INFO, "Conductor " + conductor + " (the node's owner) ran "
                        + call.action().wireName() + " for the request conductor " + call.requestedBy()
                        + " took through the API", Optional.of(conductor)));
            }
            return new OwnerReply.Done(json.writeValueAsString(result));
        } catch (RuntimeException | JsonProcessingException failure) {
            int status = ApiErrors.statusOf(failure);
            String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
            if (status >= 500) {
                LOG.log(System.Logger.Level.ERROR, "node=" + call.node() + " " + call.action().wireName()
                        + " for conductor " + call.requestedBy() + " failed: " + message, failure);
                if (!(failure instanceof ApiException) && !(failure instanceof StoreException)) {
                    message = "Conductor " + conductor + ", the node's owner, failed to handle the request; its log"
                            + " has the details (node=" + call.node() + ").";
                }
            }
            return new OwnerReply.Failed(status, message);
        }
    }

    private JsonNode readJson(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored owner call holds JSON this conductor wrote: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
