package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.hardware.generic.GenericHardwareManager;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.protocol.erase.EraseCertificate;
import dev.ferrum.protocol.erase.EraseCertificates;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The erase engines as the agent reaches them: clean steps of the generic manager, through the registry. */
class EraseStepsThroughManagerTest {
    private static final long SIZE = 4L << 20;

    @TempDir
    Path temp;
    private FixtureMachine machine;
    private HardwareManagerRegistry registry;

    @BeforeEach
    void setUp() {
        machine = new FixtureMachine(temp.resolve("root"));
        registry = HardwareManagerRegistry.select(new HardwareManagerDiscovery.Discovered(
                List.of(new GenericHardwareManager()), List.of()), machine.context(new FakeCommandRunner()));
    }

    private static void plant(Path disk, long offset, String text) throws IOException {
        try (FileChannel channel = FileChannel.open(disk, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)), offset);
        }
    }

    private static byte[] read(Path disk, long offset, int length) throws IOException {
        try (FileChannel channel = FileChannel.open(disk, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(length);
            channel.read(buffer, offset);
            return buffer.array();
        }
    }

    @Test
    void offersIpasEraseStepsWithTheirPriorities() {
        // The generic manager also offers the RAID steps (interface raid, see SoftwareRaidStepsTest).
        assertThat(registry.steps(StepKind.CLEAN)).filteredOn(s -> s.step().interfaceName().equals("deploy"))
                .extracting(s -> s.step().step() + ":" + s.step().priority())
                .containsExactly("erase_devices_metadata:99", "erase_devices:10");
        assertThat(registry.steps(StepKind.DEPLOY)).filteredOn(s -> s.step().interfaceName().equals("deploy"))
                .extracting(s -> s.step().step()).containsExactly("erase_devices_metadata");
    }

    @Test
    void theMetadataStepWipesBothGptCopiesAndReportsPerDisk() throws IOException {
        Path disk = machine.disk("sda", SIZE);
        plant(disk, 512, "EFI PART");
        plant(disk, SIZE - 512, "EFI PART");
        AtomicReference<Supplier<JsonNode>> progress = new AtomicReference<>();
        var node = JsonNodeFactory.instance.objectNode();

        JsonNode report = registry.executeStep(StepKind.CLEAN, "erase_devices_metadata", node,
                JsonNodeFactory.instance.objectNode(), progress::set).value();

        assertThat(read(disk, 512, 8)).containsOnly(0);
        assertThat(read(disk, SIZE - 512, 8)).containsOnly(0);
        assertThat(report.path("disks").get(0).path("device").asText()).isEqualTo("/dev/sda");
        assertThat(report.path("disks").get(0).path("outcome").asText()).isEqualTo("ERASED");
        assertThat(progress.get().get().get(0).path("device").asText()).isEqualTo("/dev/sda");
    }

    @Test
    void aDiskThatCannotBeErasedFailsTheStepWithItsReason() {
        machine.disk("sda", SIZE);
        machine.mount("/dev/sda", "/mnt");
        var node = JsonNodeFactory.instance.objectNode();

        assertThatThrownBy(() -> registry.executeStep(StepKind.CLEAN, "erase_devices", node,
                JsonNodeFactory.instance.objectNode(), p -> { }))
                .isInstanceOf(HardwareManagerException.class)
                .hasMessageContaining("/dev/sda");
    }

    @Test
    void theEraseStepReturnsASignedCertificatePerErasedDisk() throws IOException {
        Path disk = machine.disk("sda", SIZE);
        plant(disk, 4096, "tenant secrets");
        var node = JsonNodeFactory.instance.objectNode().put("uuid", "1be26c0b-03f2-4d2e-ae87-c02d7f33c123");

        JsonNode result = registry.executeStep(StepKind.CLEAN, "erase_devices", node,
                JsonNodeFactory.instance.objectNode(), p -> { }).value();

        assertThat(result.path("erase_certificates")).hasSize(1);
        JsonNode document = result.path("erase_certificates").get(0);
        EraseCertificates certificates = new EraseCertificates();
        assertThat(certificates.verify(document).verified()).isTrue();
        EraseCertificate certificate = certificates.certificateOf(document);
        assertThat(certificate.nodeUuid()).isEqualTo("1be26c0b-03f2-4d2e-ae87-c02d7f33c123");
        assertThat(certificate.agentPublicKey()).isEqualTo(result.path("erase_signing_key").asText());
        assertThat(certificate.media().device()).isEqualTo("/dev/sda");
        assertThat(certificate.media().capacityBytes()).isEqualTo(SIZE);
        assertThat(certificate.sanitization().category()).isEqualTo("CLEAR");
        assertThat(certificate.sanitization().method()).isEqualTo("OVERWRITE");
        assertThat(certificate.sanitization().declined()).isNotEmpty();
        assertThat(certificate.verification().result()).isEqualTo("PASSED");
        assertThat(certificate.verification().samples()).isGreaterThanOrEqualTo(2);
        assertThat(certificate.outcome()).isEqualTo("SUCCESS");
        assertThat(certificate.startedAt()).isLessThanOrEqualTo(certificate.endedAt());
    }

    @Test
    void theMetadataStepIssuesNoCertificate() {
        machine.disk("sda", SIZE);

        JsonNode result = registry.executeStep(StepKind.CLEAN, "erase_devices_metadata",
                JsonNodeFactory.instance.objectNode(), JsonNodeFactory.instance.objectNode(), p -> { }).value();

        assertThat(result.has("erase_certificates")).isFalse();
    }

    @Test
    void theEraseResultKeepsTheReportFieldsBesideTheCertificates() {
        machine.disk("sda", SIZE);
        var node = JsonNodeFactory.instance.objectNode().put("uuid", "1be26c0b-03f2-4d2e-ae87-c02d7f33c123");

        JsonNode result = registry.executeStep(StepKind.CLEAN, "erase_devices", node,
                JsonNodeFactory.instance.objectNode(), p -> { }).value();

        // One flat document, as before steps were typed: the report's keys first, then the signing ones.
        List<String> keys = new ArrayList<>();
        result.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("step", "disks", "succeeded", "erase_signing_key", "erase_certificates");
        assertThat(result.path("step").asText()).isEqualTo("erase_devices");
        assertThat(result.path("succeeded").asBoolean()).isTrue();
    }
}
