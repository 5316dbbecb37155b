package dev.ferrum.conductor.driver.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.RecordingTask;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each deploy method on its own, acting through a recording task: what it checks and which moves it makes. */
class DeployMethodsTest {
    private final RecordingTask task = new RecordingTask();

    private static Node node(ProvisionState state, JsonDict instanceInfo) {
        return TestNodes.node("fake-hardware", Map.of()).toBuilder().provisionState(state)
                .instanceInfo(instanceInfo).build();
    }

    @Test
    void fakeDeployPowersOnAndIsDoneAtOnce() {
        Node deploying = node(ProvisionState.DEPLOYING, JsonDict.empty());
        new FakeDeploy().check(deploying, url -> { throw new AssertionError("fake fetches nothing"); });

        Node done = new FakeDeploy().start(task, deploying);

        assertThat(done.provisionState()).isEqualTo(ProvisionState.ACTIVE);
        assertThat(done.powerState()).contains(PowerState.POWER_ON);
        assertThat(task.power().calls()).hasSize(1);
        assertThat(task.moves()).containsExactly("fire DONE");
    }

    @Test
    void fakeAndEmptyDeploysHaveNothingToCleanInARamdisk() {
        Node cleaning = node(ProvisionState.CLEANING, JsonDict.empty());
        new FakeDeploy().startCleaning(task, cleaning);
        new NoopDeploy().startCleaning(task, cleaning);
        assertThat(task.moves()).containsExactly("finish cleaning", "finish cleaning");
    }

    @Test
    void theEmptyDeploySlotRefusesAndFails() {
        Node deploying = node(ProvisionState.DEPLOYING, JsonDict.empty());
        assertThatThrownBy(() -> new NoopDeploy().check(deploying, url -> { }))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("set deploy_interface");

        Node failed = new NoopDeploy().start(task, deploying);

        assertThat(failed.provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        assertThat(failed.lastError()).contains("Node has no deploy interface.");
    }

    @Test
    void directDeployNeedsAnImageSourceAndChecksEveryUrlItWillFetch() {
        assertThatThrownBy(() -> new DirectDeploy().check(node(ProvisionState.AVAILABLE, JsonDict.empty()), url -> { }))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("missing image_source");
        List<String> checked = new ArrayList<>();
        Node partition = node(ProvisionState.AVAILABLE, JsonDict.empty().with("image_source", "http://i/disk.qcow2")
                .with("kernel", "http://i/vmlinuz").with("ramdisk", "http://i/initrd"));

        new DirectDeploy().check(partition, checked::add);

        assertThat(checked).containsExactly("http://i/disk.qcow2", "http://i/vmlinuz", "http://i/initrd");
    }

    @Test
    void directDeployRecordsTheImageThenBootsTheDeployRamdisk() {
        Node deploying = node(ProvisionState.DEPLOYING, JsonDict.empty().with("image_source", "https://i/disk.raw")
                .with("image_url", "https://old/url"));

        Node waiting = new DirectDeploy().start(task, deploying);

        assertThat(task.moves()).containsExactly("update", "boot ramdisk DEPLOY", "fire WAIT");
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.DEPLOY_WAIT);
        assertThat(waiting.instanceInfo().string("image_type")).contains("whole-disk");
        assertThat(waiting.instanceInfo().string("image_url")).contains("https://i/disk.raw");
        assertThat(waiting.internal().wholeDiskImage()).contains(true);
        assertThat(waiting.version()).isEqualTo(deploying.version() + 2);
    }

    @Test
    void directDeployHandsHeartbeatsToTheAgentDeployAndCleansInTheRamdisk() {
        new DirectDeploy().heartbeat(task, node(ProvisionState.DEPLOY_WAIT, JsonDict.empty()));
        new DirectDeploy().startCleaning(task, node(ProvisionState.CLEANING, JsonDict.empty()));
        assertThat(task.moves()).containsExactly("agent deploy", "boot ramdisk CLEAN", "fire WAIT");
    }
}
