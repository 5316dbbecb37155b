package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.json.WireJson;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Orchestration: the gate's verdicts in the report, parallelism, failure isolation, JSON. */
class DiskEraserTest {
    private static final long SIZE = 1 << 20;
    private static final EraseOptions NO_FIRMWARE = new EraseOptions(1, true, false, false, false, false, 1,
            SkipList.EMPTY);

    @TempDir
    Path temp;
    private FixtureMachine machine;

    @BeforeEach
    void setUp() {
        machine = new FixtureMachine(temp.resolve("root"));
    }

    @Test
    void parallelEraseRespectsTheLimitAndIsolatesTheFailingDisk() {
        List<Disk> disks = new ArrayList<>();
        for (String name : List.of("sda", "sdb", "sdc", "sdd", "sde")) {
            machine.disk(name, SIZE);
            disks.add(FixtureMachine.diskRecord(name, SIZE));
        }
        AtomicInteger open = new AtomicInteger();
        AtomicInteger maxOpen = new AtomicInteger();
        // The first two opens wait for each other: proof that two disks really run at once.
        CountDownLatch bothStarted = new CountDownLatch(2);
        DeviceOpener probe = device -> {
            if (device.getFileName().toString().equals("sdc")) {
                throw new IOException("Input/output error (simulated dead disk)");
            }
            maxOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
            bothStarted.countDown();
            awaitQuietly(bothStarted);
            return LyingChannel.honest(FileChannel.open(device, StandardOpenOption.READ, StandardOpenOption.WRITE),
                    open::decrementAndGet);
        };
        EraseProgress progress = new EraseProgress();

        EraseReport report = eraser(probe).eraseDevices(disks, NO_FIRMWARE.withConcurrency(2), progress);

        assertThat(maxOpen.get()).isEqualTo(2);
        assertThat(report.disks()).extracting(DiskEraseReport::device)
                .containsExactly("/dev/sda", "/dev/sdb", "/dev/sdc", "/dev/sdd", "/dev/sde");
        assertThat(report.disks()).extracting(DiskEraseReport::outcome).containsExactly(DiskOutcome.ERASED,
                DiskOutcome.ERASED, DiskOutcome.FAILED, DiskOutcome.ERASED, DiskOutcome.ERASED);
        assertThat(report.disks().get(2).reason()).hasValueSatisfying(r -> assertThat(r).contains("simulated dead disk"));
        assertThat(report.succeeded()).isFalse();
        assertThat(report.summary()).contains("/dev/sdc").contains("simulated dead disk");
        assertThat(progress.snapshot()).extracting(DiskProgress::phase).containsExactly(ErasePhase.DONE,
                ErasePhase.DONE, ErasePhase.FAILED, ErasePhase.DONE, ErasePhase.DONE);
    }

    @Test
    void refusedDisksAreReportedWithReasonsAndOnlyTheSafeOneIsWritten() throws IOException {
        machine.disk("sda", SIZE);
        machine.readOnly("sda");
        machine.disk("sdb", SIZE);
        machine.disk("sdc", SIZE);
        machine.partition("sdc", "sdc1", 4096, 8192);
        machine.mount("/dev/sdc1", "/mnt");
        Path precious = Files.writeString(temp.resolve("precious"), "x".repeat(4096));
        machine.disk("sdd", SIZE);
        List<Disk> disks = List.of(FixtureMachine.diskRecord("sda", SIZE), FixtureMachine.diskRecord("sdb", SIZE),
                FixtureMachine.diskRecord("sdc", SIZE), Disk.of("/dev/../../precious", 4096, false),
                FixtureMachine.diskRecord("sdd", SIZE), Disk.of("/dev/disk/by-id/dup", SIZE, false));
        machine.link("disk/by-id/dup", "../../sdd");
        DiskEraser eraser = new DiskEraser(machine.context(new FakeCommandRunner()),
                EraseConfig.DEFAULTS.withSkipList(SkipList.ofDeviceNames(List.of("sdb"))), DeviceOpener.files(),
                new TickingClock(), new SplittableRandom(3));

        EraseReport report = eraser.eraseDevices(disks, NO_FIRMWARE, new EraseProgress());

        assertThat(report.disks()).extracting(DiskEraseReport::outcome).containsExactly(DiskOutcome.FAILED,
                DiskOutcome.SKIPPED, DiskOutcome.FAILED, DiskOutcome.FAILED, DiskOutcome.ERASED, DiskOutcome.SKIPPED);
        assertThat(report.disks()).extracting(d -> d.refusal().orElse(null)).containsExactly(RefusalReason.READ_ONLY,
                RefusalReason.SKIP_LISTED, RefusalReason.IN_USE, RefusalReason.OUTSIDE_DEVICE_ROOT, null,
                RefusalReason.DUPLICATE);
        assertThat(report.disks().get(0).reason()).hasValueSatisfying(r -> assertThat(r)
                .contains("read-only").contains("agent_erase_skip_read_only"));
        assertThat(report.disks().get(2).reason()).hasValueSatisfying(r -> assertThat(r).contains("sdc1 is mounted at /mnt"));
        assertThat(report.disks()).filteredOn(d -> d.outcome() != DiskOutcome.ERASED)
                .allSatisfy(d -> assertThat(d.method()).isEqualTo(EraseMethod.SKIPPED));
        assertThat(Files.readString(precious)).isEqualTo("x".repeat(4096));
        assertThat(Files.readAllBytes(machine.root().resolve("dev/sdb"))).containsOnly(0);

        EraseOptions skipReadOnly = new EraseOptions(1, true, false, false, false, true, 1, SkipList.EMPTY);
        assertThat(eraser.eraseDevices(disks.subList(0, 1), skipReadOnly, new EraseProgress()).disks().getFirst()
                .outcome()).isEqualTo(DiskOutcome.SKIPPED);
        assertThat(eraser.eraseDevicesMetadata(disks.subList(0, 1), EraseOptions.DEFAULTS, new EraseProgress())
                .succeeded()).as("IPA skips read-only disks when wiping metadata").isTrue();
    }

    @Test
    void reportSerialisesToSnakeCaseJson() throws IOException {
        machine.disk("sda", SIZE);
        machine.disk("sdb", SIZE);
        machine.readOnly("sdb");

        EraseReport report = eraser(DeviceOpener.files()).eraseDevices(
                List.of(FixtureMachine.diskRecord("sda", SIZE), FixtureMachine.diskRecord("sdb", SIZE)),
                NO_FIRMWARE, new EraseProgress());
        ObjectMapper mapper = WireJson.newMapper();
        JsonNode json = mapper.readTree(mapper.writeValueAsString(report));

        assertThat(json.fieldNames()).toIterable().containsExactlyInAnyOrder("step", "disks", "succeeded");
        assertThat(json.get("disks").get(0).fieldNames()).toIterable().containsExactlyInAnyOrder("device", "method",
                "outcome", "bytes", "duration_ms", "verified", "refusal", "reason", "ranges", "notes", "declined",
                "verification", "started_at", "ended_at");
        assertThat(json.get("step").asText()).isEqualTo("erase_devices");
        assertThat(json.get("succeeded").asBoolean()).isFalse();
        JsonNode sda = json.get("disks").get(0);
        assertThat(sda.get("device").asText()).isEqualTo("/dev/sda");
        assertThat(sda.get("method").asText()).isEqualTo("OVERWRITE");
        assertThat(sda.get("outcome").asText()).isEqualTo("ERASED");
        assertThat(sda.get("bytes").asLong()).isEqualTo(SIZE);
        assertThat(sda.get("duration_ms").asLong()).isEqualTo(1000);
        assertThat(sda.get("verified").asBoolean()).isTrue();
        assertThat(sda.get("reason").isNull()).isTrue();
        assertThat(sda.has("duration")).isFalse();
        assertThat(sda.get("started_at").asText()).endsWith("Z");
        assertThat(sda.path("verification").path("expectation").asText()).isEqualTo("PATTERN");
        assertThat(sda.path("verification").path("passed").asBoolean()).isTrue();
        assertThat(sda.path("verification").path("offsets").size()).isGreaterThanOrEqualTo(2);
        assertThat(sda.path("verification").has("seed")).isTrue();
        JsonNode sdb = json.get("disks").get(1);
        assertThat(sdb.get("refusal").asText()).isEqualTo("READ_ONLY");
        assertThat(sdb.get("reason").asText()).contains("read-only");
    }

    @Test
    void progressSnapshotSerialisesToo() throws IOException {
        EraseProgress progress = new EraseProgress();
        EraseProgress.Tracker tracker = progress.track("/dev/sda");
        tracker.enter(ErasePhase.OVERWRITING, 2 * SIZE);
        tracker.advance(SIZE);

        String json = WireJson.newMapper().writeValueAsString(progress.snapshot());

        assertThat(json).isEqualTo("[{\"device\":\"/dev/sda\",\"phase\":\"OVERWRITING\",\"bytes_done\":1048576,"
                + "\"bytes_total\":2097152}]");
    }

    private DiskEraser eraser(DeviceOpener opener) {
        return new DiskEraser(machine.context(new FakeCommandRunner()), EraseConfig.DEFAULTS.withBufferBytes(64 * 1024),
                opener, new TickingClock(), new SplittableRandom(5));
    }

    private static void awaitQuietly(CountDownLatch latch) throws IOException {
        try {
            // Generous: only reached if the eraser ran disks one at a time, which fails the test.
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IOException("no second disk started while the first was open");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
