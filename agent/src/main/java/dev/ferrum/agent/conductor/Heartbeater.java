package dev.ferrum.agent.conductor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.api.AgentTokens;
import dev.ferrum.protocol.api.ApiHeaders;
import dev.ferrum.protocol.heartbeat.HeartbeatRequest;
import dev.ferrum.protocol.heartbeat.LegacyHeartbeatRequest;
import dev.ferrum.protocol.lookup.LookupQuery;
import dev.ferrum.protocol.lookup.LookupResponse;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Tells the conductor the agent is alive and where to call it: a first heartbeat as soon as the
 * command API listens, then on {@link HeartbeatSchedule}'s timing, and promptly (rate-limited) when
 * {@link #requestPrompt()} says a command finished. Runs on its own virtual thread until closed.
 */
public final class Heartbeater implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Heartbeater.class.getName());

    private final ConductorTransport transport;
    private final ObjectMapper json;
    private final Lookup lookup;
    private final URI callbackUrl;
    private final AgentTokens tokens;
    private final String agentVersion;
    private final Optional<String> certificatePem;
    private final HeartbeatSchedule schedule;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wakeUp = lock.newCondition();
    private boolean promptRequested;
    private boolean closed;
    private Thread thread;

    /**
     * @param certificatePem the agent's auto-TLS certificate, announced as {@code agent_verify_ca} (at API 1.68,
     *     as IPA does) so the conductor pins it; empty for a plain-HTTP callback
     */
    public Heartbeater(ConductorTransport transport, ObjectMapper json, Lookup lookup, URI callbackUrl,
            AgentTokens tokens, String agentVersion, Optional<String> certificatePem, HeartbeatSchedule schedule,
            Clock clock) {
        this.certificatePem = certificatePem;
        this.transport = transport;
        this.json = json;
        this.lookup = lookup;
        this.callbackUrl = callbackUrl;
        this.tokens = tokens;
        this.agentVersion = agentVersion;
        this.schedule = schedule;
        this.clock = clock;
    }

    /** Starts heartbeating; the first heartbeat goes out immediately. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("heartbeats already started");
        }
        thread = Thread.ofVirtual().name("heartbeat").start(this::loop);
    }

    /** Asks for a heartbeat soon (a command finished), at most one per {@link HeartbeatSchedule#PROMPT_SPACING}. */
    public void requestPrompt() {
        lock.lock();
        try {
            promptRequested = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Sends one heartbeat now; true when the conductor accepted it. */
    public boolean heartbeatOnce() {
        schedule.sent(clock.instant());
        try {
            ConductorReply reply = lookup.legacy() ? legacyHeartbeat() : heartbeat();
            if (reply.isSuccess()) {
                return true;
            }
            LOG.log(System.Logger.Level.WARNING, "node=" + lookup.nodeUuid() + " heartbeat refused: " + reply.summary());
            if (!lookup.legacy() && refusedTheToken(reply) && renewToken()) {
                return heartbeat().isSuccess();
            }
            return false;
        } catch (ConductorUnreachableException e) {
            LOG.log(System.Logger.Level.WARNING, "node=" + lookup.nodeUuid() + " heartbeat failed: " + e.getMessage());
            return false;
        }
    }

    private ConductorReply heartbeat() {
        String token = tokens.current().orElseThrow(() -> new AgentException(
                "no agent token to heartbeat with; the lookup did not issue one"));
        HeartbeatRequest beat = HeartbeatRequest.of(callbackUrl.toString(), token, agentVersion);
        // The token-transport header tells Ferrum's conductor where this agent reads its token, so its first
        // command needs no question first; Ironic ignores a header it does not know, and the body stays IPA's.
        if (certificatePem.isPresent()) {
            return post("/v1/heartbeat/" + lookup.nodeUuid(), Map.of(ApiHeaders.IRONIC_VERSION, Lookup.AUTO_TLS.toString(),
                    ApiHeaders.AGENT_TOKEN_TRANSPORT, ApiHeaders.BEARER), beat.withVerifyCa(certificatePem.get()));
        }
        return post("/v1/heartbeat/" + lookup.nodeUuid(), Map.of(ApiHeaders.IRONIC_VERSION, lookup.version().toString(),
                ApiHeaders.AGENT_TOKEN_TRANSPORT, ApiHeaders.BEARER), beat);
    }

    /** Ironic's and Ferrum's refusals of a token: 400 or 401 naming the agent token. */
    private static boolean refusedTheToken(ConductorReply reply) {
        return (reply.status() == 400 || reply.status() == 401)
                && reply.errorMessage().filter(m -> m.toLowerCase(java.util.Locale.ROOT).contains("agent token"))
                        .isPresent();
    }

    /**
     * Looks this node up again by its UUID: a conductor that wiped the old token (the node left a ramdisk
     * state and came back, e.g. a deploy right after cleaning on the same running agent) issues a new one.
     * True when a new token was taken; a masked token means another agent holds it, and nothing changes.
     */
    private boolean renewToken() {
        ConductorReply reply = transport.get(lookup.apiUrl(), "/v1/lookup?" + new LookupQuery(List.of(),
                Optional.of(lookup.nodeUuid())).toQueryString(), Map.of(ApiHeaders.IRONIC_VERSION,
                lookup.version().toString()));
        if (!reply.isSuccess()) {
            LOG.log(System.Logger.Level.WARNING, "node=" + lookup.nodeUuid() + " could not renew the agent token: lookup"
                    + " answered " + reply.summary());
            return false;
        }
        try {
            Optional<String> issued = json.readValue(reply.body(), LookupResponse.class).config().usableAgentToken();
            if (issued.isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "node=" + lookup.nodeUuid() + " could not renew the agent token: the"
                        + " conductor issued it to another lookup");
                return false;
            }
            tokens.renew(issued.get());
            LOG.log(System.Logger.Level.INFO, "node=" + lookup.nodeUuid() + " agent token renewed by a new lookup");
            return true;
        } catch (JsonProcessingException e) {
            LOG.log(System.Logger.Level.WARNING, "node=" + lookup.nodeUuid() + " could not renew the agent token: "
                    + e.getOriginalMessage());
            return false;
        }
    }

    private ConductorReply legacyHeartbeat() {
        return post("/v1/nodes/" + lookup.nodeUuid() + "/vendor_passthru/heartbeat", Map.of(),
                new LegacyHeartbeatRequest(callbackUrl.toString()));
    }

    private ConductorReply post(String path, Map<String, String> headers, Object body) {
        try {
            return transport.post(lookup.apiUrl(), path, headers, json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a heartbeat", e);
        }
    }

    private void loop() {
        boolean ok = heartbeatOnce();
        while (true) {
            Duration wait = ok ? schedule.afterSuccess() : schedule.afterError();
            if (!waitFor(wait)) {
                return;
            }
            ok = heartbeatOnce();
        }
    }

    /** Waits {@code wait} or until a prompt heartbeat is due; false when closed. */
    private boolean waitFor(Duration wait) {
        long remaining = wait.toNanos();
        lock.lock();
        try {
            while (!closed) {
                if (promptRequested) {
                    Duration delay = schedule.promptDelay(clock.instant());
                    if (delay.isZero()) {
                        promptRequested = false;
                        return true;
                    }
                    // Wake up when the prompt heartbeat is allowed, if that is sooner.
                    remaining = Math.min(remaining, delay.toNanos());
                }
                if (remaining <= 0) {
                    // This heartbeat also answers any pending prompt request.
                    promptRequested = false;
                    return true;
                }
                remaining = wakeUp.awaitNanos(remaining);
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
        Thread running;
        synchronized (this) {
            running = thread;
        }
        if (running != null) {
            try {
                running.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
