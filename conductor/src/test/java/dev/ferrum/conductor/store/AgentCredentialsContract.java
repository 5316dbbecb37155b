package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.AgentCredentials;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The heartbeat check's narrow read agrees with the node's own internal state, on every database. */
interface AgentCredentialsContract extends StoreFixture {
    String PEM = "-----BEGIN CERTIFICATE-----\nMIIB\"quoted\"\\n\u00e9\n-----END CERTIFICATE-----\n";

    @Test
    default void theCredentialsAreTheStoredTokenAndCertificateByUuidOrName() {
        Node node = store().nodes().create(newNode().name("hb-node").internal(InternalState.empty()
                .withAgentToken(new AgentToken("s3cret-token", true)).withAgentVerifyCa(PEM)
                .withHeartbeat(URI.create("http://10.0.0.20:9999"), "9.4.3", T0)).build());

        AgentCredentials byUuid = store().agentCredentials().getByIdent(node.uuid().toString());
        assertThat(byUuid).isEqualTo(new AgentCredentials(node.uuid(), node.internal().agentToken(),
                node.internal().agentVerifyCa()));
        assertThat(byUuid.token()).contains(new AgentToken("s3cret-token", true));
        assertThat(byUuid.agentVerifyCa()).contains(PEM);
        assertThat(byUuid.tokenMatches("s3cret-token")).isTrue();
        assertThat(byUuid.tokenMatches("s3cret-tokeN")).isFalse();
        assertThat(store().agentCredentials().getByIdent("hb-node")).isEqualTo(byUuid);
    }

    @Test
    default void eachReadSeesTheTokenCommittedBeforeIt() {
        // The read's compiled statement is kept per connection on SQLite: it must never answer from an old snapshot.
        Node node = store().nodes().create(newNode().name("rotating").build());
        for (int i = 0; i < 8; i++) {
            AgentToken token = new AgentToken("token-" + i, false);
            Node current = store().nodes().get(node.uuid());
            store().locks().withLock(node.uuid(), "test", lock -> store().nodes().update(lock, current.version(),
                    b -> b.editInternal(s -> s.withAgentToken(token))));
            assertThat(store().agentCredentials().getByIdent("rotating").token()).contains(token);
        }
    }

    @Test
    default void aNodeWithoutATokenMatchesNoneAndAnUnknownNodeIsNotFound() {
        Node node = store().nodes().create(newNode().name("no-token").build());
        AgentCredentials credentials = store().agentCredentials().getByIdent("no-token");
        assertThat(credentials).isEqualTo(new AgentCredentials(node.uuid(), Optional.empty(), Optional.empty()));
        assertThat(credentials.tokenMatches("anything")).isFalse();
        // A token issued later (a lookup) is seen by the next read: nothing is cached.
        store().nodes().update(lock(node.uuid()), node.version(),
                b -> b.editInternal(s -> s.withAgentToken(new AgentToken("late", false))));
        assertThat(store().agentCredentials().getByIdent(node.uuid().toString()).token())
                .contains(new AgentToken("late", false));
        assertThatThrownBy(() -> store().agentCredentials().getByIdent("nobody"))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> store().agentCredentials().getByIdent("00000000-0000-0000-0000-000000000000"))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    default void aTokenIsIssuedOnceOnAnUnlockedNodeKeepingTheRestOfItsInternalState() {
        Node node = store().nodes().create(newNode().name("lookup").internal(InternalState.empty()
                .withAgentVerifyCa(PEM).withHeartbeat(URI.create("http://10.0.0.21:9999"), "9.4.3", T0)).build());
        Store other = openAnotherStore();

        assertThat(other.agentCredentials().issue(node.uuid(), new AgentToken("first", false)))
                .isEqualTo(AgentCredentialStore.Issue.ISSUED);
        assertThat(store().agentCredentials().issue(node.uuid(), new AgentToken("second", false)))
                .isEqualTo(AgentCredentialStore.Issue.ALREADY_ISSUED);

        Node after = store().nodes().get(node.uuid());
        assertThat(after.internal()).isEqualTo(node.internal().withAgentToken(new AgentToken("first", false)));
        assertThat(after.version()).as("writers holding the old version must notice").isEqualTo(node.version() + 1);
        assertThat(after.reservation()).isEmpty();
        assertThatThrownBy(() -> store().agentCredentials().issue(java.util.UUID.randomUUID(),
                new AgentToken("nobody", false))).isInstanceOf(NotFoundException.class);
    }

    @Test
    default void aLockedNodeGetsNoTokenThroughTheNarrowIssue() {
        Node node = createNode("held");
        NodeLock held = lock(node.uuid());

        assertThat(openAnotherStore().agentCredentials().issue(node.uuid(), new AgentToken("racing", false)))
                .isEqualTo(AgentCredentialStore.Issue.LOCKED);
        assertThat(store().nodes().get(node.uuid()).internal().agentToken()).isEmpty();
        assertThat(store().nodes().get(node.uuid()).version()).isEqualTo(node.version());
        store().locks().release(held);
    }
}
