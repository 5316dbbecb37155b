package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.image.ImageSourcePolicy;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Image sources are checked when deploy or rebuild is requested, before the node powers on: a refused
 * source is a 400 worded as Ironic's, and the node stays where it was with nothing booted.
 */
class ImageSourceFlowTest {
    private static final String MAC = "02:fc:00:00:00:31";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    private UUID availableNode(String instanceInfo) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false)
                .withImageSources(new ImageSourcePolicy(List.of(Path.of("/srv/images")))));
        UUID node = conductor.createNode("node-1", MAC, ",\"deploy_interface\":\"direct\",\"instance_info\":"
                + instanceInfo);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        return node;
    }

    private FlowFixture.Reply deploy(UUID node) {
        return conductor.send("PUT", "/v1/nodes/" + node + "/states/provision",
                Optional.of("{\"target\":\"active\"}"), Optional.of("1.82"));
    }

    private void assertRefusedAndUntouched(UUID node, String expectedReason) {
        Node before = conductor.store.nodes().get(node);
        FlowFixture.Reply reply = conductor.expect(400, deploy(node));

        assertThat(conductor.fault(reply)).startsWith("Validation of image href ").contains(expectedReason);
        Node after = conductor.store.nodes().get(node);
        assertThat(after.provisionState()).isEqualTo(ProvisionState.AVAILABLE);
        assertThat(after.targetProvisionState()).isEmpty();
        assertThat(after.powerState()).isEqualTo(before.powerState());
        assertThat(after.version()).isEqualTo(before.version());
        assertThat(conductor.boot.calls()).noneMatch(call -> call.startsWith(node + " ramdisk DEPLOY"));
    }

    @Test
    void anUnsupportedSchemeIsRefusedWithIronicsWords() {
        UUID node = availableNode("{\"image_source\":\"ftp://images.example/disk.raw\"}");

        assertRefusedAndUntouched(node, "Image download protocol ftp is not supported.");
    }

    @Test
    void aFileOutsideTheAllowedDirectoriesIsRefused() {
        UUID node = availableNode("{\"image_source\":\"file:///home/alice/disk.raw\"}");

        assertRefusedAndUntouched(node, "Security: Path /home/alice/disk.raw is not allowed for image source file URLs");
    }

    @Test
    void aDotDotEscapeFromAnAllowedDirectoryIsRefused() {
        UUID node = availableNode("{\"image_source\":\"file:///srv/images/../../etc/shadow\"}");

        assertRefusedAndUntouched(node, "'..'");
    }

    @Test
    void aGlanceImageIdIsRefusedForWantOfAnImageService() {
        UUID node = availableNode("{\"image_source\":\"" + UUID.randomUUID() + "\"}");

        assertRefusedAndUntouched(node, "no image service configured");
    }

    @Test
    void aBadKernelOfAPartitionImageIsRefusedToo() {
        UUID node = availableNode("{\"image_source\":\"http://images.example/root.img\","
                + "\"kernel\":\"vmlinuz\",\"ramdisk\":\"http://images.example/initrd\"}");

        assertRefusedAndUntouched(node, "Scheme-less image href is not a UUID.");
    }

    @Test
    void aFileUnderAnAllowedDirectoryDeploys() {
        UUID node = availableNode("{\"image_source\":\"file:///srv/images/disk.raw\"}");

        conductor.expect(202, deploy(node));
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        assertThat(conductor.boot.calls()).contains(node + " ramdisk DEPLOY");
    }
}
