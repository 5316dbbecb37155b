package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.error.NodeLockedException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

import static dev.ferrum.conductor.state.ProvisionEvent.*;
import static dev.ferrum.conductor.state.ProvisionState.*;
import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one state-change path: table, lock, version, fields and history in one transaction, one log line. */
interface TransitionContract extends StoreFixture {

    @Test
    default void aFlowMovesThroughTheTableAndLeavesHistory() {
        Node node = createNode("flow");
        NodeLock lock = lock(node.uuid());
        clock().advance(Duration.ofSeconds(1));

        Node verifying = store().transition(lock, 1, ENROLL, MANAGE, NodeMutation.none(), "verifying credentials");

        assertThat(verifying.provisionState()).isEqualTo(VERIFYING);
        assertThat(verifying.targetProvisionState()).contains(MANAGEABLE);
        assertThat(verifying.provisionUpdatedAt()).contains(T0.plusSeconds(1));
        assertThat(verifying.version()).isEqualTo(2);

        Node manageable = store().transition(lock, 2, VERIFYING, DONE, n -> n.powerState(PowerState.POWER_OFF));

        assertThat(manageable.provisionState()).isEqualTo(MANAGEABLE);
        assertThat(manageable.targetProvisionState()).isEmpty();
        assertThat(manageable.powerState()).contains(PowerState.POWER_OFF);
        assertThat(store().nodes().get(node.uuid())).isEqualTo(manageable);
        assertThat(store().history().list(node.uuid()))
                .extracting(NodeEvent::fromState, NodeEvent::toState, NodeEvent::event, NodeEvent::message,
                        NodeEvent::conductor)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(ENROLL, VERIFYING, "manage", "verifying credentials",
                                Optional.of(CONDUCTOR_A)),
                        org.assertj.core.groups.Tuple.tuple(VERIFYING, MANAGEABLE, "done", "", Optional.of(CONDUCTOR_A)));
    }

    @Test
    default void aFailureRecordsLastErrorAsAnErrorInHistory() {
        Node node = store().nodes().create(newNode().provisionState(AVAILABLE).build());
        NodeLock lock = lock(node.uuid());
        Node deploying = store().transition(lock, 1, AVAILABLE, DEPLOY,
                n -> n.instanceInfo(json("{\"image_source\": \"http://img/a.raw\"}")));

        Node failed = store().transition(lock, deploying.version(), DEPLOYING, FAIL,
                n -> n.lastError("Agent did not heartbeat within 1800 s; check the node's console."));

        assertThat(failed.provisionState()).isEqualTo(DEPLOY_FAILED);
        assertThat(failed.targetProvisionState()).contains(ACTIVE);
        assertThat(failed.instanceInfo().string("image_source")).contains("http://img/a.raw");
        NodeEvent last = store().history().list(node.uuid()).get(1);
        assertThat(last.severity()).isEqualTo(NodeEvent.Severity.ERROR);
        assertThat(last.message()).isEqualTo("Agent did not heartbeat within 1800 s; check the node's console.");
    }

    @Test
    default void leavingAWaitStateDropsItsDeadline() {
        Node node = store().nodes().create(newNode().provisionState(DEPLOYING).targetProvisionState(ACTIVE).build());
        NodeLock lock = lock(node.uuid());

        Node waiting = store().transition(lock, 1, DEPLOYING, WAIT,
                n -> n.editInternal(s -> s.withWaitDeadline(Optional.of(T0.plusSeconds(1800)))));
        assertThat(waiting.internal().waitDeadline()).contains(T0.plusSeconds(1800));
        Node resumed = store().transition(lock, 2, DEPLOY_WAIT, RESUME, NodeMutation.none());

        assertThat(resumed.internal().waitDeadline()).isEmpty();
        assertThat(store().nodes().findPastDeadline(T0.plusSeconds(4000))).isEmpty();
    }

    @Test
    default void forbiddenOrStaleTransitionsWriteNothing() {
        Node node = createNode("guarded");
        NodeLock lock = lock(node.uuid());

        assertThatThrownBy(() -> store().transition(lock, 1, ENROLL, DEPLOY, n -> n.lastError("x")))
                .isInstanceOf(InvalidStateException.class).hasMessageContaining("allowed there: manage");
        assertThatThrownBy(() -> store().transition(lock, 1, AVAILABLE, DEPLOY, NodeMutation.none()))
                .as("the caller's idea of the state is wrong").isInstanceOf(InvalidStateException.class)
                .hasMessageContaining("\"enroll\"");
        assertThatThrownBy(() -> store().transition(lock, 7, ENROLL, MANAGE, NodeMutation.none()))
                .isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> store().transition(lock, 1, ENROLL, MANAGE, n -> n.provisionState(ACTIVE)))
                .isInstanceOf(IllegalArgumentException.class);
        store().locks().release(lock);
        assertThatThrownBy(() -> store().transition(lock, 1, ENROLL, MANAGE, NodeMutation.none()))
                .isInstanceOf(NodeLockedException.class);
        NodeLock gone = lock(createNode("gone").uuid());
        store().nodes().delete(gone);
        assertThatThrownBy(() -> store().transition(gone, 1, ENROLL, MANAGE, NodeMutation.none()))
                .isInstanceOf(NotFoundException.class);

        assertThat(store().nodes().get(node.uuid())).isEqualTo(node);
        assertThat(store().history().list(node.uuid())).isEmpty();
    }

    @Test
    default void concurrentTransitionsFromTheSameVersionLetExactlyOneThrough() throws Exception {
        Store second = openAnotherStore();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                Node node = store().nodes().create(newNode().provisionState(INSPECT_WAIT)
                        .targetProvisionState(MANAGEABLE).build());
                NodeLock lock = lock(node.uuid());
                CyclicBarrier start = new CyclicBarrier(2);
                // Two threads of the lock holder race: one says the ramdisk finished, one that time ran out.
                Callable<String> done = () -> {
                    start.await(10, TimeUnit.SECONDS);
                    return attempt(() -> store().transition(lock, 1, INSPECT_WAIT, DONE, NodeMutation.none()));
                };
                Callable<String> timeout = () -> {
                    start.await(10, TimeUnit.SECONDS);
                    return attempt(() -> second.transition(lock, 1, INSPECT_WAIT, TIMEOUT,
                            n -> n.lastError("Inspection timed out")));
                };
                List<Future<String>> outcomes = new ArrayList<>(List.of(threads.submit(done), threads.submit(timeout)));
                List<String> results = new ArrayList<>();
                for (Future<String> outcome : outcomes) {
                    results.add(outcome.get(30, TimeUnit.SECONDS));
                }

                assertThat(results).as("round " + round).containsExactlyInAnyOrder("ok", "conflict");
                Node after = store().nodes().get(node.uuid());
                assertThat(after.version()).isEqualTo(2);
                assertThat(after.provisionState()).isIn(MANAGEABLE, INSPECT_FAILED);
                assertThat(store().history().list(node.uuid())).hasSize(1);
            }
        } finally {
            threads.shutdownNow();
            assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    default void everyTransitionIsLoggedWithTheNode() {
        List<String> lines = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                lines.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("dev.ferrum.conductor.store.Transitions");
        logger.addHandler(capture);
        try {
            UUID node = createNode("logged").uuid();
            store().transition(lock(node), 1, ENROLL, MANAGE, NodeMutation.none());

            assertThat(lines).contains("node=" + node + " enroll -> verifying (manage)");
        } finally {
            logger.removeHandler(capture);
        }
    }

    private static String attempt(Runnable transition) {
        try {
            transition.run();
            return "ok";
        } catch (ConflictException lost) {
            return "conflict";
        }
    }
}
