package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The conductor's first request to a freshly heartbeating agent is its first command: where the agent reads its
 * token is known from the heartbeat (Ferrum's agent says bearer in a header, stock IPA says nothing and reads the
 * query), so no {@code GET /} goes before it, which against a fresh auto-TLS agent is a whole cold TLS handshake.
 */
class FirstCommandTest {
    private static final String MAC = "02:fc:00:00:00:41";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();
    private UUID node;

    @BeforeEach
    void deployWaiting() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        node = conductor.deployWaiting("first-command", MAC);
    }

    @Test
    void aStockAgentsFirstRequestIsTheCommandWithTheTokenInTheQuery() {
        String token = conductor.lookup(agent, MAC);

        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> agent.receivedNames().contains("deploy.get_deploy_steps"), "got its first command");

        assertThat(agent.requests().getFirst()).isEqualTo("POST /v1/commands/");
        assertThat(agent.rootReads()).isZero();
        assertThat(agent.queryTokens()).isNotEmpty().allMatch(token::equals);
        assertThat(agent.bearerTokens()).isEmpty();
    }

    @Test
    void ferrumsAgentSaysOnItsHeartbeatThatItReadsABearerTokenAndIsNeverAsked() {
        agent.readBearerTokens();
        String token = conductor.lookup(agent, MAC);

        Node active = conductor.heartbeatUntil(agent, node, token, ProvisionState.ACTIVE, "");

        assertThat(active.lastError()).isEmpty();
        assertThat(agent.requests().getFirst()).isEqualTo("POST /v1/commands/");
        assertThat(agent.rootReads()).as("no request before the first command, nor after").isZero();
        assertThat(agent.bearerTokens()).isNotEmpty().allMatch(("Bearer " + token)::equals);
        assertThat(agent.queryTokens()).as("the token never travels in a URL to Ferrum's agent").isEmpty();
    }
}
