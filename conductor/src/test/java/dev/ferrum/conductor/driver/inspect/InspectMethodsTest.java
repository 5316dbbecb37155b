package dev.ferrum.conductor.driver.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.RecordingTask;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Each inspect method on its own, acting through a recording task. */
class InspectMethodsTest {
    private final RecordingTask task = new RecordingTask();

    private static Node node(ProvisionState state) {
        return TestNodes.node("fake-hardware", Map.of()).toBuilder().provisionState(state).build();
    }

    /** An inspection service that answers {@code status} and records the nodes it was asked to start. */
    private static final class Service implements InspectorClient {
        final List<UUID> started = new ArrayList<>();
        IntrospectionStatus status = new IntrospectionStatus(false, Optional.empty());
        boolean unreachable;

        @Override
        public void start(UUID node) {
            started.add(node);
        }

        @Override
        public IntrospectionStatus status(UUID node) {
            if (unreachable) {
                throw new DriverException("connection refused");
            }
            return status;
        }
    }

    @Test
    void fakeInspectionFinishesAtOnce() {
        Node done = new FakeInspect().start(task, node(ProvisionState.INSPECTING));
        assertThat(done.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(done.inspectionFinishedAt()).contains(RecordingTask.NOW);
    }

    @Test
    void agentInspectionBootsTheInspectionRamdiskAndHasNothingToPoll() {
        Node waiting = new AgentInspect().start(task, node(ProvisionState.INSPECTING));
        Node polled = new AgentInspect().poll(task, waiting);
        assertThat(task.moves()).containsExactly("boot ramdisk INSPECT", "fire WAIT");
        assertThat(polled).isSameAs(waiting);
    }

    @Test
    void withoutAnInspectInterfaceInspectionFails() {
        Node failed = new NoInspect().start(task, node(ProvisionState.INSPECTING));
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.INSPECT_FAILED);
        assertThat(failed.lastError()).contains("Node has no inspect interface; set inspect_interface to agent or fake.");
    }

    @Test
    void theInspectorServiceIsAskedToStartThenPolledUntilItFinishes() {
        Service service = new Service();
        InspectorInspect inspector = new InspectorInspect(InspectorConfig.of(URI.create("http://inspector:5050")),
                service);
        Node waiting = inspector.start(task, node(ProvisionState.INSPECTING));
        assertThat(service.started).containsExactly(waiting.uuid());
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.INSPECT_WAIT);
        assertThat(waiting.internal().waitDeadline()).contains(task.waitDeadline());

        assertThat(inspector.poll(task, waiting)).as("still running").isSameAs(waiting);
        service.unreachable = true;
        assertThat(inspector.poll(task, waiting)).as("unreachable this time").isSameAs(waiting);
        service.unreachable = false;
        service.status = new IntrospectionStatus(true, Optional.empty());
        Node done = inspector.poll(task, waiting);

        assertThat(done.provisionState()).isEqualTo(ProvisionState.MANAGEABLE);
        assertThat(done.inspectionFinishedAt()).contains(RecordingTask.NOW);
    }

    @Test
    void anInspectionTheServiceReportsFailedFailsTheNodeWithItsError() {
        Service service = new Service();
        service.status = new IntrospectionStatus(true, Optional.of("no disks"));
        InspectorInspect inspector = new InspectorInspect(InspectorConfig.of(URI.create("http://inspector:5050")),
                service);

        Node failed = inspector.poll(task, node(ProvisionState.INSPECT_WAIT));

        assertThat(failed.provisionState()).isEqualTo(ProvisionState.INSPECT_FAILED);
        assertThat(failed.lastError()).contains("The inspector service reports that introspection failed: no disks");
    }
}
