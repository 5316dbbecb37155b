package dev.ferrum.agent.conductor;

import dev.ferrum.agent.time.Sleeper;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.agent.AgentException;
import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.protocol.api.ApiHeaders;
import dev.ferrum.protocol.api.ApiRoot;
import dev.ferrum.protocol.api.Microversion;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.lookup.LegacyLookupRequest;
import dev.ferrum.protocol.lookup.LegacyLookupResponse;
import dev.ferrum.protocol.lookup.LookupConfig;
import dev.ferrum.protocol.lookup.LookupNode;
import dev.ferrum.protocol.lookup.LookupQuery;
import dev.ferrum.protocol.lookup.LookupResponse;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Finds this machine's node on the conductor, as IPA does: read {@code GET /} for the API's
 * maximum microversion, then {@code GET /v1/lookup} with every MAC (and the node uuid when known),
 * trying each configured endpoint in turn; on an API older than 1.22 fall back to the agent-driver
 * seed's {@code POST /v1/drivers/<driver>/vendor_passthru/lookup}. Retries with
 * {@link LookupBackoff} until the timeout, then fails with everything that was tried.
 */
public final class LookupProcedure {
    private static final System.Logger LOG = System.getLogger(LookupProcedure.class.getName());
    /** Lookup exists from 1.22; IPA asks for 1.62, the first version that issues agent tokens. */
    static final Microversion LOOKUP_MIN = Microversion.of(1, 22);
    static final Microversion LOOKUP_PREFERRED = Microversion.of(1, 62);

    private final ConductorTransport transport;
    private final ObjectMapper json;
    private final Clock clock;
    private final Sleeper sleeper;
    private final RandomGenerator random;

    public LookupProcedure(ConductorTransport transport, ObjectMapper json, Clock clock, Sleeper sleeper,
            RandomGenerator random) {
        this.transport = transport;
        this.json = json;
        this.clock = clock;
        this.sleeper = sleeper;
        this.random = random;
    }

    /**
     * Looks the node up.
     *
     * @param macs every MAC of this machine
     * @param inventory the inventory, collected only for a legacy conductor (the only one it is sent to)
     * @throws AgentException after the configured timeout, listing each endpoint's last answer
     */
    public Lookup lookup(AgentConfig config, List<String> macs, Optional<String> nodeUuid,
            Supplier<Inventory> inventory) {
        if (config.apiUrls().isEmpty()) {
            throw new AgentException("cannot look up the node: no ipa-api-url was given");
        }
        Instant deadline = clock.instant().plus(config.lookupTimeout());
        LookupBackoff backoff = new LookupBackoff(config.lookupInterval(), random);
        Map<URI, String> lastAnswers = new LinkedHashMap<>();
        int attempts = 0;
        while (true) {
            attempts++;
            boolean conflict = false;
            for (URI apiUrl : config.apiUrls()) {
                Attempt attempt = attempt(config, apiUrl, macs, nodeUuid, inventory);
                if (attempt.found().isPresent()) {
                    Lookup found = attempt.found().get();
                    LOG.log(System.Logger.Level.INFO, "node=" + found.nodeUuid() + " lookup succeeded at " + apiUrl
                            + " after " + attempts + " attempt(s)");
                    return found;
                }
                conflict |= attempt.conflict();
                lastAnswers.put(apiUrl, attempt.problem());
            }
            Duration wait = backoff.nextWait(conflict);
            Instant now = clock.instant();
            if (!now.plus(wait).isBefore(deadline)) {
                throw new AgentException("lookup gave up after " + config.lookupTimeout().toSeconds() + " s and "
                        + attempts + " attempt(s) with MACs " + macs + nodeUuid.map(u -> " and node " + u).orElse("")
                        + "; last answers: " + lastAnswers + ". Check that a port with one of these MACs is enrolled "
                        + "and the node is in a state that expects an agent (e.g. 'wait call-back', 'clean wait', "
                        + "'inspect wait').");
            }
            LOG.log(System.Logger.Level.INFO, "lookup attempt " + attempts + " failed (" + lastAnswers
                    + "); retrying in " + wait.toMillis() + " ms");
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AgentException("lookup interrupted", e);
            }
        }
    }

    private record Attempt(Optional<Lookup> found, boolean conflict, String problem) {
        static Attempt failed(String problem, boolean conflict) {
            return new Attempt(Optional.empty(), conflict, problem);
        }
    }

    private Attempt attempt(AgentConfig config, URI apiUrl, List<String> macs, Optional<String> nodeUuid,
            Supplier<Inventory> inventory) {
        try {
            ConductorReply rootReply = transport.get(apiUrl, "/", Map.of());
            if (!rootReply.isSuccess()) {
                return Attempt.failed("GET / answered " + rootReply.summary(), false);
            }
            Microversion max = json.readValue(rootReply.body(), ApiRoot.class).defaultVersion().version()
                    .orElse(Microversion.of(1, 1));
            if (!max.isAtLeast(LOOKUP_MIN)) {
                return legacyLookup(config, apiUrl, inventory.get());
            }
            Microversion version = max.isAtLeast(LOOKUP_PREFERRED) ? LOOKUP_PREFERRED : max;
            String query = new LookupQuery(macs, nodeUuid).toQueryString();
            ConductorReply reply = transport.get(apiUrl, "/v1/lookup?" + query,
                    Map.of(ApiHeaders.IRONIC_VERSION, version.toString()));
            if (reply.status() == 409) {
                return Attempt.failed("conflict: " + reply.summary(), true);
            }
            if (!reply.isSuccess()) {
                return Attempt.failed("lookup answered " + reply.summary(), false);
            }
            LookupResponse response = json.readValue(reply.body(), LookupResponse.class);
            return new Attempt(Optional.of(new Lookup(apiUrl, version, response.node().uuid(), response.node(),
                    response.config(), false, max)), false, "");
        } catch (ConductorUnreachableException e) {
            return Attempt.failed(e.getMessage(), false);
        } catch (JsonProcessingException | RuntimeException e) {
            return Attempt.failed("unreadable answer: " + e.getMessage(), false);
        }
    }

    private Attempt legacyLookup(AgentConfig config, URI apiUrl, Inventory inventory) throws JsonProcessingException {
        byte[] body = json.writeValueAsBytes(LegacyLookupRequest.of(inventory));
        ConductorReply reply = transport.post(apiUrl,
                "/v1/drivers/" + config.legacyDriverName() + "/vendor_passthru/lookup", Map.of(), body);
        if (!reply.isSuccess()) {
            return Attempt.failed("legacy lookup answered " + reply.summary(), reply.status() == 409);
        }
        LegacyLookupResponse legacy = json.readValue(reply.body(), LegacyLookupResponse.class);
        var empty = JsonNodeFactory.instance.objectNode();
        LookupNode node = new LookupNode(legacy.nodeUuid(), empty, empty.deepCopy(), empty.deepCopy(), List.of(),
                Map.of());
        LookupConfig lookupConfig = new LookupConfig(legacy.heartbeatTimeout(), Optional.empty(), false, Map.of());
        return new Attempt(Optional.of(new Lookup(apiUrl, Microversion.of(1, 1), legacy.nodeUuid(), node, lookupConfig,
                true, Microversion.of(1, 1))), false, "");
    }

}
