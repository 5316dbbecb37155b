package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounds how often one agent heartbeat makes the conductor load the node's row: the heartbeat route's
 * token check, the read under the lock, then only the guard each write re-reads inside its transaction.
 * A flow move passes on the node the store returned, so none reads it back.
 */
class HeartbeatNodeReadsTest {
    private static final String MAC = "02:fc:00:00:00:31";
    private static final String INSTANCE = ",\"deploy_interface\":\"direct\",\"instance_info\":{"
            + "\"image_source\":\"http://127.0.0.1:8080/disk.raw\",\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\","
            + "\"image_disk_format\":\"raw\"}";
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
    void aHeartbeatThatStartsWriteImageReadsTheNodeTwiceBesidesItsWritesGuards() {
        UUID node = waitingForTheAgent();
        Thread test = Thread.currentThread();
        conductor.store.addNodeLoadListener((loaded, inWrite) -> {
            if (loaded.equals(node) && Thread.currentThread() != test) {
                (inWrite ? guards : reads).incrementAndGet();
            }
        });

        heartbeat(node);
        awaitIdle(node, () -> agent.receivedNames().contains("deploy.execute_deploy_step"));
        int startReads = reads.getAndSet(0);
        int startGuards = guards.getAndSet(0);

        heartbeat(node);
        awaitIdle(node, () -> conductor.store.nodes().get(node).provisionState() == ProvisionState.ACTIVE);
        int finishReads = reads.get();
        int finishGuards = guards.get();

        System.out.printf("node reads per heartbeat: write_image start %d (+%d write guards), finish %d (+%d)%n",
                startReads, startGuards, finishReads, finishGuards);
        // The token check on the heartbeat route and the one read under the lock; nothing reads it back.
        assertThat(startReads).isEqualTo(2);
        // Heartbeat recorded, resumed, steps cached, waiting again: one guard per write.
        assertThat(startGuards).isEqualTo(4);
        assertThat(finishReads).isEqualTo(2);
        // Heartbeat recorded, resumed, deployed.
        assertThat(finishGuards).isEqualTo(3);
    }

    /** A node in {@code wait call-back} whose agent has looked up (and so holds a token). */
    private UUID waitingForTheAgent() {
        conductor = new FlowFixture(temp, FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-reads", MAC, INSTANCE);
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
