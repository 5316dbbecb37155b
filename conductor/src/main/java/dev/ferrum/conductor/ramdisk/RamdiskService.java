package dev.ferrum.conductor.ramdisk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.agent.AgentTokenTransport;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.AgentCredentials;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.protocol.api.ApiHeaders;
import dev.ferrum.protocol.api.Link;
import dev.ferrum.protocol.heartbeat.HeartbeatRequest;
import dev.ferrum.protocol.heartbeat.LegacyHeartbeatRequest;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.timeline.Timeline;
import dev.ferrum.protocol.lookup.LegacyLookupRequest;
import dev.ferrum.protocol.lookup.LegacyLookupResponse;
import dev.ferrum.protocol.lookup.LookupConfig;
import dev.ferrum.protocol.lookup.LookupNode;
import dev.ferrum.protocol.lookup.LookupQuery;
import dev.ferrum.protocol.lookup.LookupResponse;
import dev.ferrum.support.net.MacAddress;
import dev.ferrum.support.tls.PemCertificates;
import dev.ferrum.support.tls.PemTextException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code GET /v1/lookup}, {@code POST /v1/heartbeat/<node>} and the legacy vendor-passthru lookup and
 * heartbeat, answering as Ironic does (ramdisk-lookup-heartbeat.txt): 404 for an unknown node, a node
 * in a state without a ramdisk, or a version before 1.22; the agent token issued on the first lookup
 * at 1.62+ and masked afterwards; heartbeats checked for token and version, then handed on (202).
 */
public final class RamdiskService implements HttpService {
    private static final System.Logger LOG = System.getLogger(RamdiskService.class.getName());
    private static final String NOT_FOUND = "Resource could not be found.";

    private final Endpoints endpoints;
    private final Store store;
    private final String conductor;
    private final RamdiskConfig config;
    private final HeartbeatReceiver receiver;
    private final Clock clock;
    private final SecureRandom random;
    private final LookupThrottle throttle;
    private final Timeline timeline;

    public RamdiskService(Endpoints endpoints, Store store, String conductor, RamdiskConfig config,
                          HeartbeatReceiver receiver, Clock clock, SecureRandom random) {
        this(endpoints, store, conductor, config, receiver, clock, random, LookupThrottle.defaults());
    }

    public RamdiskService(Endpoints endpoints, Store store, String conductor, RamdiskConfig config,
                          HeartbeatReceiver receiver, Clock clock, SecureRandom random, LookupThrottle throttle) {
        this.throttle = throttle;
        this.endpoints = endpoints;
        this.store = store;
        this.conductor = conductor;
        this.config = config;
        this.receiver = receiver;
        this.clock = clock;
        this.random = random;
        this.timeline = new Timeline(store, conductor, clock);
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/lookup", endpoints.open(this::lookup))
                .post("/v1/heartbeat/{node}", endpoints.open(this::heartbeat))
                .post("/v1/drivers/{driver}/vendor_passthru/lookup", endpoints.open(this::legacyLookup))
                .post("/v1/nodes/{node}/vendor_passthru/heartbeat", endpoints.open(this::legacyHeartbeat));
    }

    private void lookup(ApiCall call) {
        if (!call.atLeast(1, 22)) {
            throw new ApiException(404, NOT_FOUND);
        }
        holdBackGuessers(call);
        LookupQuery query = LookupQuery.parse(call.query("addresses"), call.query("node_uuid"));
        if (query.isEmpty()) {
            throw new InvalidInputException("At least one of 'addresses' and 'node_uuid' parameters is required");
        }
        Node node = find(query).filter(n -> n.provisionState().allowsLookup(config.fastTrack()))
                .orElseThrow(() -> miss(call));
        boolean hadToken = node.internal().agentToken().isPresent();
        Optional<AgentToken> issued = call.atLeast(1, 62) && !hadToken ? issueToken(node.uuid()) : Optional.empty();
        // From 1.62 the node has a token now: this lookup's, or one a racing lookup issued first.
        boolean tokenExists = hadToken || call.atLeast(1, 62);
        // The first sign that the machine booted the ramdisk: worth a line when boots are slow or fail.
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " agent looked up in " + node.provisionState().wireName()
                + (issued.isPresent() ? ", token issued" : ""));
        // Once a token is committed, this answer is the only way the agent learns it (a retried lookup sees it
        // masked), so nothing after the issue may fail the lookup: the answer shows the node as read before the
        // issue with the new token added, not a second read that a starved store could fail with a 503 (the
        // timeline entry is best effort, Timeline.record). Only a lookup that lost the race to issue, with nothing
        // to lose, reads the node again to show the other lookup's token masked.
        Node answered = issued.isPresent() ? node.toBuilder().editInternal(s -> s.withAgentToken(issued.get())).build()
                : tokenExists && !hadToken ? store.nodes().get(node.uuid()) : node;
        timeline.record(node, Timeline.Entry.of("agent", "agent.lookup", NodeEvent.Severity.INFO, "The ramdisk"
                + " looked the node up from " + call.sourceAddress() + " in " + node.provisionState().wireName())
                .with("address", call.sourceAddress()).with("token_issued", issued.isPresent() ? "true" : "false"));
        // Ironic shows a token only on the lookup that issued it; afterwards it is masked.
        Optional<String> token = issued.isPresent() ? issued.map(AgentToken::value)
                : tokenExists ? Optional.of(LookupConfig.MASKED_TOKEN) : Optional.empty();
        call.json(200, call.mapper().valueToTree(lookupAnswer(call, answered, token)));
    }

    /** 429 for a source that guessed too often: it learns nothing, found or not, until it slows down. */
    private void holdBackGuessers(ApiCall call) {
        Duration wait = throttle.waitFor(call.sourceAddress(), clock.instant());
        if (!wait.isZero()) {
            long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
            call.header("Retry-After", Long.toString(seconds));
            throw new ApiException(429, "Too many lookups of nodes that are not there from " + call.sourceAddress()
                    + "; retry in " + seconds + " s.");
        }
    }

    /** The answer to a lookup that found nothing it may reveal, counted against the source. */
    private ApiException miss(ApiCall call) {
        throttle.recordMiss(call.sourceAddress(), clock.instant());
        return new ApiException(404, NOT_FOUND);
    }

    private Optional<Node> find(LookupQuery query) {
        if (query.nodeUuid().isPresent()) {
            try {
                return store.nodes().find(UUID.fromString(query.nodeUuid().get()));
            } catch (IllegalArgumentException notUuid) {
                return Optional.empty();
            }
        }
        List<MacAddress> macs = query.addresses().stream().map(MacAddresses::parse).toList();
        List<Node> matches = store.nodes().findByPortAddresses(macs);
        // Several nodes own the addresses: answering any one of them could hand an agent the wrong machine.
        return matches.size() == 1 ? Optional.of(matches.getFirst()) : Optional.empty();
    }

    /**
     * Issues the token; empty when another lookup issued one first. Written on the unlocked node in one
     * conditional update (a lookup per booting machine, so its commits count on a busy shared database); a node
     * somebody holds goes through its lock as before, answering 409 while it stays held.
     */
    private Optional<AgentToken> issueToken(UUID uuid) {
        AgentToken token = AgentToken.generate(random);
        return switch (store.agentCredentials().issue(uuid, token)) {
            case ISSUED -> Optional.of(token);
            case ALREADY_ISSUED -> Optional.empty();
            case LOCKED -> issueTokenLocked(uuid);
        };
    }

    private Optional<AgentToken> issueTokenLocked(UUID uuid) {
        return store.locks().withLock(uuid, conductor, lock -> {
            Node current = store.nodes().get(uuid);
            if (current.internal().agentToken().isPresent()) {
                return Optional.empty();
            }
            AgentToken token = AgentToken.generate(random);
            store.nodes().update(lock, current.version(), b -> b.editInternal(s -> s.withAgentToken(token)));
            return Optional.of(token);
        });
    }

    private LookupResponse lookupAnswer(ApiCall call, Node node, Optional<String> token) {
        return new LookupResponse(lookupNode(node, Links.of(call, "nodes/" + node.uuid())),
                LookupConfig.ironic(config.heartbeatTimeoutSeconds(), token, config.permittedImageFormats()));
    }

    /** The restricted node view lookup gives an agent: uuid, properties, instance_info (masked), driver_internal_info. */
    private static LookupNode lookupNode(Node node, List<Link> links) {
        return new LookupNode(node.uuid().toString(), node.properties().toObjectNode(),
                node.maskedInstanceInfo().toObjectNode(), node.driverInternalInfo().toObjectNode(), links, Map.of());
    }

    private void heartbeat(ApiCall call) {
        if (!call.atLeast(1, 36)) {
            throw new ApiException(404, NOT_FOUND);
        }
        HeartbeatRequest body = call.bodyAs(HeartbeatRequest.class);
        // Keys a microversion does not know yet are refused, as Ironic refuses them (a null counts as absent).
        if (!call.atLeast(1, 72) && (body.agentStatus().isPresent() || body.agentStatusMessage().isPresent())) {
            throw new InvalidInputException("Fields \"agent_status\" and \"agent_status_message\" not recognised.");
        }
        if (!call.atLeast(1, 68) && body.agentVerifyCa().isPresent()) {
            throw new InvalidInputException("Field(s) \"agent_verify_ca\" not recognised.");
        }
        Optional<String> token = nonBlank(body.agentToken());
        if (token.isEmpty()) {
            throw new InvalidInputException("Agent token is required for heartbeat processing.");
        }
        URI callback = callbackUrl(nonBlank(Optional.of(body.callbackUrl())));
        AgentCredentials node = store.agentCredentials().getByIdent(call.pathParam("node"));
        Optional<String> version = nonBlank(body.agentVersion());
        if (version.isEmpty()) {
            throw new InvalidInputException("Agent did not transmit a version, and a version is required. Please"
                    + " update the agent being used.");
        }
        requireToken(node, token);
        Optional<String> verifyCa = call.atLeast(1, 68) ? agentCertificate(node, nonBlank(body.agentVerifyCa()))
                : Optional.empty();
        receiver.heartbeat(new AgentHeartbeat(node.node(), callback, version.get(), clock.instant(), verifyCa, node.token(),
                Optional.of(tokenTransport(call))));
        call.accepted(Optional.empty());
    }

    private void legacyLookup(ApiCall call) {
        holdBackGuessers(call);
        ObjectNode body = call.bodyObject();
        List<MacAddress> macs = new ArrayList<>();
        for (String mac : LegacyLookupRequest.interfaceMacs(body)) {
            try {
                macs.add(MacAddresses.parse(mac));
            } catch (RuntimeException notAMac) {
                // A NIC without a usable MAC (loopback, InfiniBand) cannot name the node; skip it.
            }
        }
        if (macs.isEmpty()) {
            throw new InvalidInputException("The lookup needs an inventory with at least one interface MAC address.");
        }
        List<Node> matches = store.nodes().findByPortAddresses(macs);
        Node node = matches.stream().filter(n -> matches.size() == 1)
                .filter(n -> n.provisionState().allowsLookup(config.fastTrack())).findFirst()
                .orElseThrow(() -> miss(call));
        ObjectNode legacyNode = call.mapper().valueToTree(lookupNode(node, List.of()));
        call.json(200, call.mapper().valueToTree(
                new LegacyLookupResponse(config.heartbeatTimeoutSeconds(), legacyNode)));
    }

    /**
     * The agent-driver era heartbeat. It records a callback URL just as the modern one does, so it proves
     * the caller the same way: a node that holds no token accepts no heartbeat here either, otherwise anyone
     * who reaches the API could point an available or freshly deploying node at a machine of their choosing
     * (and be sent its image and config drive). The token may come in the body or, as old agents built the
     * URL, in the query string.
     */
    private void legacyHeartbeat(ApiCall call) {
        LegacyHeartbeatRequest body = call.bodyAs(LegacyHeartbeatRequest.class);
        Optional<String> token = nonBlank(body.agentToken()).or(() -> call.query("agent_token"));
        URI callback = callbackUrl(nonBlank(Optional.of(body.agentUrl())));
        AgentCredentials node = store.agentCredentials().getByIdent(call.pathParam("node"));
        requireToken(node, token);
        // The agent-driver era's agents do not report a version; Ironic assumes this one for them.
        String version = nonBlank(body.agentVersion()).orElse("3.0.0");
        receiver.heartbeat(new AgentHeartbeat(node.node(), callback, version, clock.instant(), Optional.empty(),
                node.token(), Optional.of(tokenTransport(call))));
        call.accepted(Optional.empty());
    }

    /**
     * Where the heartbeating agent reads its token: Ferrum's agent says bearer in a header (stock Ironic ignores
     * it, and the body stays IPA's); stock IPA says nothing and reads the query parameter. Known from the
     * heartbeat, the conductor's first command needs no round trip to ask the agent.
     */
    private static AgentTokenTransport tokenTransport(ApiCall call) {
        return AgentTokenTransport.announced(call.requestHeader(ApiHeaders.AGENT_TOKEN_TRANSPORT));
    }

    /**
     * The certificate an auto-TLS agent announces, checked before anything is recorded: it must be one PEM
     * X.509 certificate, and once a node pinned one, the same for as long as that agent runs (Ironic refuses a
     * change too: only the agent holding the token could send it, but a changed certificate mid-operation
     * means something other than the booted ramdisk is answering).
     */
    private static Optional<String> agentCertificate(AgentCredentials node, Optional<String> pem) {
        if (pem.isEmpty()) {
            return Optional.empty();
        }
        try {
            int count = PemCertificates.parse(pem.get()).size();
            if (count != 1) {
                throw new InvalidInputException("agent_verify_ca is not a PEM X.509 certificate: "
                        + "expected one certificate, found " + count);
            }
        } catch (PemTextException e) {
            throw new InvalidInputException("agent_verify_ca is not a PEM X.509 certificate: " + e.detail());
        }
        if (node.agentVerifyCa().filter(pinned -> !pinned.strip().equals(pem.get().strip())).isPresent()) {
            throw new InvalidInputException("Detected change in ramdisk provided \"agent_verify_ca\"");
        }
        return pem;
    }

    /**
     * The one token check of every heartbeat route: a node with no token, or another token, is refused. It reads
     * only the credentials, not the node: this runs for every heartbeat of every agent.
     */
    private static void requireToken(AgentCredentials node, Optional<String> presented) {
        if (presented.isEmpty() || !node.tokenMatches(presented.get())) {
            throw new InvalidInputException("Invalid or missing agent token received.");
        }
    }

    private static URI callbackUrl(Optional<String> text) {
        String url = text.orElseThrow(() -> new InvalidInputException("The heartbeat needs a callback_url: the"
                + " address the conductor reaches the agent on."));
        try {
            URI uri = new URI(url);
            if (uri.getScheme() == null || uri.getHost() == null
                    || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new URISyntaxException(url, "needs http(s)://host[:port]");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new InvalidInputException("The callback URL \"" + url + "\" is not an http(s) URL: " + e.getMessage());
        }
    }

    private static Optional<String> nonBlank(Optional<String> value) {
        return value.filter(text -> !text.isBlank());
    }
}
