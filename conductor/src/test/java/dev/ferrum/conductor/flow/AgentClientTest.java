package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.agent.AgentException;
import dev.ferrum.conductor.agent.AgentTokenTransport;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.command.CommandStatus;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The agent client against IPA- and Ferrum-shaped agents: the token where each reads it, answers parsed, refusals clear. */
class AgentClientTest {
    private final FakeAgent agent = new FakeAgent();
    private final AgentClient client = new AgentClient(new AgentClientConfig(Duration.ofSeconds(2), Duration.ofSeconds(5)));
    private final AgentToken token = new AgentToken("dSxHueJxv7iEjYOiTbYJkvRRbAhWim6IF1ggpUOx6bo", false);
    private final UUID node = UUID.randomUUID();

    @AfterEach
    void stop() {
        agent.close();
    }

    @Test
    void aStockAgentGetsTheTokenInTheQueryOnly() {
        agent.token(token.value());
        AgentEndpoint endpoint = new AgentEndpoint(node, URI.create(agent.url()), Optional.of(token));

        client.run(endpoint, CommandRequest.of("clean.get_clean_steps"), true);
        client.commands(endpoint);

        assertThat(agent.queryTokens()).hasSize(2).allMatch(token.value()::equals);
        assertThat(agent.bearerTokens()).isEmpty();
    }

    @Test
    void runsAndListsCommandsWithTheTokenOnlyInTheHeaderForAnAgentThatReadsIt() {
        agent.readBearerTokens();
        agent.token(token.value());
        AgentEndpoint endpoint = new AgentEndpoint(node, URI.create(agent.url()), Optional.of(token));

        var steps = client.run(endpoint, CommandRequest.of("clean.get_clean_steps"), true);
        var started = client.run(endpoint, new CommandRequest("clean.execute_clean_step",
                JsonNodeFactory.instance.objectNode()), false);

        assertThat(steps.commandStatus()).isEqualTo(CommandStatus.SUCCEEDED);
        assertThat(steps.commandName()).isEqualTo("get_clean_steps");
        assertThat(started.commandStatus()).isEqualTo(CommandStatus.RUNNING);
        assertThat(client.commands(endpoint).latest()).hasValueSatisfying(last -> assertThat(last.commandStatus())
                .isEqualTo(CommandStatus.SUCCEEDED));
        assertThat(agent.bearerTokens()).hasSize(3).allMatch(h -> h.equals("Bearer " + token.value()));
        assertThat(agent.queryTokens()).as("the token never travels in a URL to Ferrum's agent").isEmpty();
    }

    @Test
    void anAgentWhoseHeartbeatSaidWhereItReadsItsTokenIsNotAskedAndAnUnheardOneIsAskedOnce() {
        agent.readBearerTokens();
        agent.token(token.value());
        AgentEndpoint endpoint = new AgentEndpoint(node, URI.create(agent.url()), Optional.of(token));

        client.remember(endpoint.url(), token, AgentTokenTransport.BEARER_HEADER);
        client.run(endpoint, CommandRequest.of("clean.get_clean_steps"), true);
        assertThat(agent.rootReads()).isZero();

        // Another client (a conductor that restarted, or did not receive the heartbeat) asks the agent, once.
        AgentClient unheard = new AgentClient(new AgentClientConfig(Duration.ofSeconds(2), Duration.ofSeconds(5)));
        unheard.run(endpoint, CommandRequest.of("clean.get_clean_steps"), true);
        unheard.commands(endpoint);
        assertThat(agent.rootReads()).isEqualTo(1);
        assertThat(agent.bearerTokens()).hasSize(3);
        assertThat(agent.queryTokens()).isEmpty();
    }

    @Test
    void aWrongTokenAndAnUnreachableAgentAreClearErrors() {
        agent.token("another-token");
        AgentEndpoint endpoint = new AgentEndpoint(node, URI.create(agent.url()), Optional.of(token));
        assertThatThrownBy(() -> client.run(endpoint, CommandRequest.of("standby.sync"), true))
                .isInstanceOf(AgentException.class).hasMessageContaining("HTTP 401").hasMessageContaining(node.toString());

        AgentEndpoint nobody = new AgentEndpoint(node, URI.create("http://127.0.0.1:1"), Optional.of(token));
        assertThatThrownBy(() -> client.commands(nobody)).isInstanceOf(AgentException.class)
                .hasMessageStartingWith("Connection to agent failed");
    }
}
