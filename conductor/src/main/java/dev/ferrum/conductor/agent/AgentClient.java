package dev.ferrum.conductor.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.LiteralHostResolver;
import dev.ferrum.conductor.http.PemTrust;
import dev.ferrum.protocol.command.CommandList;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;

/**
 * HTTP client for the agent API. The token travels twice: as {@code ?agent_token=} because stock
 * ironic-python-agent reads only that, and as {@code Authorization: Bearer} which Ferrum's agent also
 * accepts. Sending both is deliberate: an agent's reported version cannot tell the two apart reliably
 * (Ferrum's reports its jar version or "development", IPA a PBR version), and each ignores the form
 * it does not read, so one rule works for every agent.
 */
public final class AgentClient {
    private static final System.Logger LOG = System.getLogger(AgentClient.class.getName());

    private final WebClient client;
    private final ObjectMapper json = WireJson.newMapper();

    public AgentClient(AgentClientConfig config) {
        var builder = WebClient.builder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .followRedirects(true)
                // Callback URLs are IP literals: check the agent's certificate against that IP.
                .dnsResolver(new LiteralHostResolver());
        config.caFile().ifPresent(pem -> {
            try {
                builder.tls(PemTrust.tls(pem));
            } catch (CaFileException e) {
                throw new AgentException("The agent CA file is unusable: " + e.getMessage(), e);
            }
        });
        this.client = builder.build();
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
        HttpClientRequest request = authorised(client.post().uri(agent.url().resolve("/v1/commands/")), agent)
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
        try (HttpClientResponse response = authorised(client.get().uri(agent.url().resolve("/v1/commands/")), agent)
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
        try (HttpClientResponse response = authorised(client.get()
                .uri(agent.url().resolve("/v1/commands/" + id)), agent).request()) {
            return parse(agent, "read command " + id, response, CommandResult.class);
        } catch (AgentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreachable(agent, "read command " + id, e);
        }
    }

    private static HttpClientRequest authorised(HttpClientRequest request, AgentEndpoint agent) {
        agent.token().ifPresent(token -> request.queryParam("agent_token", token.value())
                .header(HeaderNames.AUTHORIZATION, "Bearer " + token.value()));
        // A new connection per call: a machine that rebooted into a fresh ramdisk often gets the same
        // address back, and a pooled connection to its previous agent then fails the first command
        // ("Exception in socket monitor thread"). Agent calls are few; the handshake costs nothing.
        return request.keepAlive(false).header(HeaderNames.ACCEPT, "application/json");
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
