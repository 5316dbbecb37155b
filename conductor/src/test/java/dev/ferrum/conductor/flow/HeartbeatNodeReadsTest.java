package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounds how often one agent heartbeat makes the conductor load the node's row: the read under the lock,
 * then only the guard each write re-reads inside its transaction. The heartbeat route's token check reads
 * the agent's credentials alone (AgentCredentialStore), not the row.
 * A flow move passes on the node the store returned, so none reads it back.
 */
class HeartbeatNodeReadsTest {
    private static final String MAC = "02:fc:00:00:00:31";
    @TempDir
    Path temp;
    private FlowFixture conductor;
    private final FakeAgent agent = new FakeAgent();
    /** Loads by the conductor's threads only: the test's own polling of the store is not counted. */
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger guards = new AtomicInteger();
    private String token = "";

    @AfterEach
    void stop() {
        agent.close();
        if (conductor != null) {
            conductor.close();
        }
    }

    @Test
    void eachHeartbeatOfADeployReadsTheNodeOnceBesidesItsWritesGuards() {
        UUID node = waitingForTheAgent();
        agent.reportStepProgress(List.of(progress()));
        Thread test = Thread.currentThread();
        conductor.store.addNodeLoadListener((loaded, inWrite) -> {
            if (loaded.equals(node) && Thread.currentThread() != test) {
                (inWrite ? guards : reads).incrementAndGet();
            }
        });

        heartbeat(node);
        awaitIdle(node, () -> agent.receivedNames().contains("deploy.execute_deploy_step"));
        Count start = count();
        heartbeat(node);
        awaitIdle(node, () -> conductor.store.nodes().get(node).internal().agentProgress().isPresent());
        Count progress = count();
        heartbeat(node);
        awaitIdle(node, () -> conductor.store.nodes().get(node).provisionState() == ProvisionState.ACTIVE);
        Count finish = count();

        System.out.printf("node reads per heartbeat (reads + write guards): write_image start %s, progress %s,"
                + " finish %s%n", start, progress, finish);
        // Each time: the one read under the lock (the route's token check loads no node); no move reads the
        // node back. The guards: heartbeat recorded, resumed, steps cached, waiting again.
        assertThat(start).isEqualTo(new Count(1, 4));
        // Heartbeat recorded, progress recorded.
        assertThat(progress).isEqualTo(new Count(1, 2));
        // Heartbeat recorded, resumed, deployed.
        assertThat(finish).isEqualTo(new Count(1, 3));
    }

    /** Node rows loaded outside writes, and by writes re-reading the row they guard. */
    private record Count(int reads, int guards) {
        @Override
        public String toString() {
            return reads + " + " + guards;
        }
    }

    private Count count() {
        return new Count(reads.getAndSet(0), guards.getAndSet(0));
    }

    private ObjectNode progress() {
        ObjectNode report = conductor.json.createObjectNode();
        report.put("phase", "streaming").put("bytes_downloaded", 1L << 28).put("bytes_written", 1L << 28)
                .put("total_bytes", 1L << 30).put("bytes_per_second", 50L << 20).put("eta_seconds", 15)
                .put("resumes", 0);
        return report;
    }

    /** A node in {@code wait call-back} whose agent has looked up (and so holds a token). */
    private UUID waitingForTheAgent() {
        conductor = new FlowFixture(temp, FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-reads", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        FlowFixture.Reply lookup = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"));
        token = lookup.body().path("config").path("agent_token").asText();
        agent.token(token);
        return node;
    }

    private void heartbeat(UUID node) {
        conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"9.4.3\"}", "1.68"));
    }

    /** Waits until {@code done} holds and the heartbeat's task has let go of the node. */
    private void awaitIdle(UUID node, BooleanSupplier done) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node current = conductor.store.nodes().get(node);
            if (done.getAsBoolean() && current.reservation().isEmpty()) {
                return;
            }
            FlowFixture.sleep(20);
        }
        throw new AssertionError("node=" + node + " heartbeat was not processed: "
                + conductor.store.nodes().get(node).lastError().orElse("no error"));
    }
}
