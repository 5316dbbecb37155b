package dev.ferrum.conductor.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.protocol.api.ApiHeaders;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandList;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.support.http.LiteralHostResolver;
import dev.ferrum.support.lang.Lazy;
import dev.ferrum.support.tls.PemCertificates;
import dev.ferrum.support.tls.PemTextException;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.common.tls.Tls;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webclient.api.WebClientConfig;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * HTTP client for the agent API. The token goes in one place only: as {@code Authorization: Bearer} to an
 * agent that announces it reads it there (Ferrum's, by a header on its heartbeats and its root document),
 * otherwise as {@code ?agent_token=}, the only form stock ironic-python-agent reads. A token in a URL ends up
 * in access and proxy logs, so it is sent that way only where nothing else works. The agent's reported version
 * cannot tell the two apart reliably. What the agent's heartbeat announced is remembered per agent address and
 * token ({@link #remember}), so the first command to a freshly heartbeating agent is the first request it gets;
 * only an agent this conductor has not heard (a heartbeat recorded elsewhere or before a restart) has its root
 * document probed first, once. A new boot gets a new token, so a rebooted machine is learned again.
 */
public final class AgentClient {
    private static final System.Logger LOG = System.getLogger(AgentClient.class.getName());

    /**
     * Transports and pinned clients are remembered for up to this many agents (a conductor's share of a
     * 100,000-machine fleet and more, about 200 bytes a transport); past it the agent remembered longest ago makes
     * room, and that agent's next command probes once (or builds its pinned client again). Starting over instead
     * made every heartbeat of a large fleet refill the memory that the next one cleared.
     */
    private static final int REMEMBERED_AGENTS = 100_000;

    private final AgentClientConfig config;
    private final Optional<Tls> configuredTls;
    /** The client for agents without a pinned certificate: built on first use (see {@link #newSharedClient()}). */
    private final Lazy<WebClient> sharedClient = Lazy.of(this::newSharedClient);
    private final ObjectMapper json = WireJson.newMapper();
    private final OldestFirstMap<AgentTokenTransport> transports = new OldestFirstMap<>(REMEMBERED_AGENTS);
    /** Clients that trust one auto-TLS agent's certificate alone, by the certificate's fingerprint. */
    private final OldestFirstMap<WebClient> pinnedClients = new OldestFirstMap<>(REMEMBERED_AGENTS);

    public AgentClient(AgentClientConfig config) {
        this.config = config;
        // The CA file is read now, so an unusable one stops the conductor's start rather than its first deploy.
        this.configuredTls = config.caFile().map(pem -> {
            try {
                return PemTrust.tls(pem);
            } catch (CaFileException e) {
                throw new AgentException("The agent CA file is unusable: " + e.getMessage(), e);
            }
        });
    }

    /**
     * The shared client, built when first needed: without a CA file Helidon's default TLS reads the runtime's
     * whole trust store, a good share of a conductor's start spent on something no request needs until an agent
     * is called.
     */
    private WebClient newSharedClient() {
        var builder = baseBuilder();
        configuredTls.ifPresent(builder::tls);
        return builder.build();
    }

    private WebClientConfig.Builder baseBuilder() {
        return WebClient.builder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .followRedirects(true)
                // Callback URLs are IP literals: check the agent's certificate against that IP.
                .dnsResolver(new LiteralHostResolver());
    }

    /**
     * The client for this agent: an auto-TLS agent's own certificate, announced in its heartbeat, is the one
     * thing trusted for it (as Ironic does with {@code agent_verify_ca}); other agents get the configured trust.
     */
    private WebClient clientFor(AgentEndpoint agent) {
        if (agent.pinnedCertificate().isEmpty() || !"https".equals(agent.url().getScheme())) {
            return sharedClient.get();
        }
        String pem = agent.pinnedCertificate().get();
        String key = fingerprint(pem);
        WebClient known = pinnedClients.get(key);
        if (known != null) {
            return known;
        }
        List<X509Certificate> pinned;
        try {
            pinned = PemCertificates.parse(pem);
        } catch (PemTextException e) {
            throw new AgentException("node=" + agent.node() + " announced an unreadable agent_verify_ca: "
                    + e.detail(), e);
        }
        WebClient built = baseBuilder().tls(Tls.builder().trust(pinned).build()).build();
        pinnedClients.put(key, built);
        return built;
    }

    /** Runs a typed command, as {@link #run(AgentEndpoint, CommandRequest, boolean)}. */
    public CommandResult run(AgentEndpoint agent, AgentCommand command, boolean wait) {
        return run(agent, command.toRequest(json), wait);
    }

    /**
     * The {@code command_result} of a finished command read as {@code type} (the steps listing, a step's
     * result), empty when the command returned none; a result of another shape is a {@link ProtocolException}.
     */
    public <T> Optional<T> result(CommandResult result, Class<T> type) {
        return result.commandResult().map(tree -> WireJson.convert(json, tree, type));
    }

    /** The wire mapping this client writes and reads with, for callers that build command params. */
    public ObjectMapper mapper() {
        return json;
    }

    /**
     * Runs {@code command}; with {@code wait} the agent answers when it finished, else at once with
     * RUNNING and the conductor polls {@link #commands}. A refusal (409 busy, 401 token, 404 unknown
     * command) is an {@link AgentException} carrying the agent's answer.
     */
    public CommandResult run(AgentEndpoint agent, CommandRequest command, boolean wait) {
        String body;
        try {
            body = json.writeValueAsString(command);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("command " + command.name() + " could not be serialised", e);
        }
        HttpClientRequest request = authorised(clientFor(agent).post().uri(agent.url().resolve("/v1/commands/")), agent)
                .queryParam("wait", Boolean.toString(wait))
                .contentType(MediaTypes.APPLICATION_JSON);
        LOG.log(System.Logger.Level.DEBUG, "node=" + agent.node() + " agent command " + command.name()
                + " wait=" + wait);
        try (HttpClientResponse response = request.submit(body)) {
            return parse(agent, command.name(), response, CommandResult.class);
        } catch (AgentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreachable(agent, command.name(), e);
        }
    }

    /** Every command the agent ran since it started, oldest first. */
    public CommandList commands(AgentEndpoint agent) {
        try (HttpClientResponse response = authorised(clientFor(agent).get().uri(agent.url().resolve("/v1/commands/")), agent)
                .request()) {
            return parse(agent, "list commands", response, CommandList.class);
        } catch (AgentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreachable(agent, "list commands", e);
        }
    }

    /** One command by id. */
    public CommandResult command(AgentEndpoint agent, String id) {
        return command(agent, id, "read command " + id, request -> request);
    }

    /**
     * One command by id, answered when it finished ({@code ?wait=true}, which IPA's API and Ferrum's serve; an
     * agent that stops waiting first answers RUNNING); no answer within {@code atMost} is an {@link AgentException},
     * as an agent that cannot be reached is.
     */
    public CommandResult awaitCommand(AgentEndpoint agent, String id, java.time.Duration atMost) {
        return command(agent, id, "await command " + id, request -> request.queryParam("wait", "true").readTimeout(atMost));
    }

    private CommandResult command(AgentEndpoint agent, String id, String what,
            java.util.function.UnaryOperator<HttpClientRequest> shape) {
        try (HttpClientResponse response = shape.apply(authorised(clientFor(agent).get()
                .uri(agent.url().resolve("/v1/commands/" + id)), agent)).request()) {
            return parse(agent, what, response, CommandResult.class);
        } catch (AgentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreachable(agent, what, e);
        }
    }

    private HttpClientRequest authorised(HttpClientRequest request, AgentEndpoint agent) {
        agent.token().ifPresent(token -> {
            switch (transportOf(agent, token)) {
                case BEARER_HEADER -> request.header(HeaderNames.AUTHORIZATION, "Bearer " + token.value());
                case QUERY_PARAMETER -> request.queryParam("agent_token", token.value());
            }
        });
        // A new connection per call: a machine that rebooted into a fresh ramdisk often gets the same
        // address back, and a pooled connection to its previous agent then fails the first command
        // ("Exception in socket monitor thread"). Agent calls are few; the handshake costs nothing.
        return request.keepAlive(false).header(HeaderNames.ACCEPT, "application/json");
    }

    /**
     * Remembers where the agent at {@code url} holding {@code token} reads it, as its heartbeat announced (the
     * heartbeat was proven with that token, so nobody else can announce it for that agent).
     */
    public void remember(URI url, AgentToken token, AgentTokenTransport transport) {
        String key = transportKey(url, token);
        if (transports.get(key) == transport) {
            return;
        }
        transports.put(key, transport);
    }

    private AgentTokenTransport transportOf(AgentEndpoint agent, AgentToken token) {
        AgentTokenTransport known = transports.get(transportKey(agent.url(), token));
        if (known != null) {
            return known;
        }
        AgentTokenTransport probed = probe(agent);
        remember(agent.url(), token, probed);
        return probed;
    }

    private static String transportKey(URI url, AgentToken token) {
        return url + " " + fingerprint(token.value());
    }

    /** Asks the agent's root document (no token needed) whether it reads a bearer token. */
    private AgentTokenTransport probe(AgentEndpoint agent) {
        LOG.log(System.Logger.Level.DEBUG, () -> "node=" + agent.node() + " agent at " + agent.url()
                + " not heard by this conductor: its root document says where it reads its token");
        try (HttpClientResponse response = clientFor(agent).get().uri(agent.url().resolve("/")).keepAlive(false)
                .header(HeaderNames.ACCEPT, "application/json").request()) {
            return AgentTokenTransport.announced(response.status().code() == 200
                    ? response.headers().first(HeaderNames.create(ApiHeaders.AGENT_TOKEN_TRANSPORT))
                    : Optional.empty());
        } catch (RuntimeException e) {
            throw unreachable(agent, "its API root", e);
        }
    }

    /** Keys the memory without keeping a second copy of the secret itself. */
    private static String fingerprint(String secretOrCertificate) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secretOrCertificate.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private <T> T parse(AgentEndpoint agent, String what, HttpClientResponse response, Class<T> type) {
        int status = response.status().code();
        String text = response.entity().hasEntity() ? response.entity().as(String.class) : "";
        if (status / 100 != 2) {
            throw new AgentException("node=" + agent.node() + " agent at " + agent.url() + " refused " + what
                    + " (HTTP " + status + "): " + abbreviate(text));
        }
        try {
            return WireJson.read(json, text, type);
        } catch (ProtocolException e) {
            throw new AgentException("node=" + agent.node() + " agent at " + agent.url() + " answered " + what
                    + " with something that is not the agent API: " + e.getMessage(), e);
        }
    }

    private static AgentException unreachable(AgentEndpoint agent, String what, RuntimeException e) {
        return new AgentException("Connection to agent failed: could not reach the agent of node " + agent.node()
                + " at " + agent.url() + " for " + what + ": " + e.getMessage()
                + "; check the ramdisk is up and its callback URL routes to it", e);
    }

    private static String abbreviate(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}
