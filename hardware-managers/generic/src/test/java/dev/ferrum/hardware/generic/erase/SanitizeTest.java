package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sanitize chosen by capability (NVMe, ATA, SCSI), and the read-back that must follow every
 * method, through scripted tools that change the fixture disk as the drive would (or would not).
 */
class SanitizeTest {
    private static final long SIZE = 1 << 20;

    @TempDir
    Path temp;
    private FixtureMachine machine;
    private ErasingTools tools;

    @BeforeEach
    void setUp() {
        machine = new FixtureMachine(temp.resolve("root"));
        tools = new ErasingTools();
    }

    @Test
    void nvmeWithCryptoSanitizeIsSanitizedNotFormattedAndPolledToTheEnd() {
        String nvme = oldDisk("nvme0n1");
        List<String> sanitize = List.of("nvme", "sanitize", nvme, "--sanact=4");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-user-data.json"))
                .answer(sanitize, "")
                .scrambles(sanitize, disk("nvme0n1"))
                .answerInTurn(sanitizeLog(nvme), Fixtures.text("nvme-sanitize-log-v1-running.json"),
                        Fixtures.text("nvme-sanitize-log-v1-running.json"),
                        Fixtures.text("nvme-sanitize-log-v2-done.json"));

        DiskEraseReport report = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(report.method()).isEqualTo(EraseMethod.NVME_SANITIZE_CRYPTO);
        assertThat(report.method().nistCategory()).isEqualTo("PURGE");
        assertThat(report.declined()).as("nothing stronger was passed over").isEmpty();
        assertThat(report.notes()).anyMatch(n -> n.contains("completed (3 status poll(s))"));
        assertThat(report.verification()).hasValueSatisfying(v -> {
            assertThat(v.expectation()).isEqualTo(ReadBackExpectation.CHANGED);
            assertThat(v.passed()).isTrue();
        });
        assertThat(tools.calls()).noneMatch(c -> c.contains("format"));
    }

    @Test
    void blockEraseIsChosenWhenCryptoIsNotOfferedAndTheReasonIsRecorded() {
        String nvme = oldDisk("nvme0n1");
        List<String> sanitize = List.of("nvme", "sanitize", nvme, "--sanact=2");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-sanitize-block.json"))
                .answer(sanitize, "")
                .fills(sanitize, disk("nvme0n1"), 0)
                .answer(sanitizeLog(nvme), Fixtures.text("nvme-sanitize-log-v2-done.json"));

        DiskEraseReport report = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.method()).isEqualTo(EraseMethod.NVME_SANITIZE_BLOCK);
        assertThat(report.declined()).containsExactly(
                "NVMe Sanitize, cryptographic erase: not offered (SANICAP bit 0 clear)");
        assertThat(report.verification().orElseThrow().expectation()).isEqualTo(ReadBackExpectation.UNIFORM);
    }

    @Test
    void aSanitizeTheDriveReportsFailedFailsTheDisk() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-sanitize-block.json"))
                .answer(List.of("nvme", "sanitize", nvme, "--sanact=2"), "")
                .answer(sanitizeLog(nvme), Fixtures.text("nvme-sanitize-log-v2-failed.json"));

        DiskEraseReport report = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.FAILED);
        assertThat(report.reason()).hasValueSatisfying(r -> assertThat(r).contains("reports the sanitize failed"));
    }

    @Test
    void aSanitizeThatNeverFinishesTimesOut() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-sanitize-block.json"))
                .answer(List.of("nvme", "sanitize", nvme, "--sanact=2"), "")
                .answer(sanitizeLog(nvme), Fixtures.text("nvme-sanitize-log-v1-running.json"));
        EraseConfig config = EraseConfig.DEFAULTS.withBufferBytes(64 * 1024).withSanitizePollInterval(Duration.ZERO)
                .withFirmwareEraseTimeout(Duration.ofSeconds(5));

        DiskEraseReport report = eraser(config).eraseDevices(List.of(FixtureMachine.nvmeRecord("nvme0n1", SIZE)),
                EraseOptions.DEFAULTS, new EraseProgress()).disks().getFirst();

        assertThat(report.outcome()).isEqualTo(DiskOutcome.FAILED);
        assertThat(report.reason()).hasValueSatisfying(r -> assertThat(r).contains("did not finish within PT5S"));
    }

    @Test
    void ataSanitizeBlockEraseRunsThroughHdparmAndIsPolled() {
        String sda = oldDisk("sda");
        List<String> sanitize = List.of("hdparm", "--yes-i-know-what-i-am-doing", "--sanitize-block-erase", sda);
        List<String> status = List.of("hdparm", "--sanitize-status", sda);
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-sanitize-block.txt"))
                .answer(sanitize, "")
                .fills(sanitize, disk("sda"), 0)
                .answerInTurn(status, Fixtures.text("hdparm-sanitize-status-idle.txt"),
                        Fixtures.text("hdparm-sanitize-status-running.txt"),
                        Fixtures.text("hdparm-sanitize-status-done.txt"));

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(report.method()).isEqualTo(EraseMethod.ATA_SANITIZE_BLOCK);
        assertThat(report.declined()).containsExactly(
                "ATA SANITIZE, crypto scramble: not offered (no CRYPTO_SCRAMBLE_EXT)");
        assertThat(tools.calls()).noneMatch(c -> c.contains("--security-erase"));
        assertThat(contents("sda")).containsOnly(0);
    }

    @Test
    void frozenAtaSanitizeFallsBackToSecureEraseWithTheReason() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-sanitize-block.txt"))
                .answer(List.of("hdparm", "--sanitize-status", sda), Fixtures.text("hdparm-sanitize-status-frozen.txt"))
                .answer(hdparm("--security-set-pass", sda), "")
                .answer(hdparm("--security-erase", sda), "")
                .fills(hdparm("--security-erase", sda), disk("sda"), 0);

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.method()).isEqualTo(EraseMethod.ATA_SECURE);
        assertThat(report.declined()).anyMatch(d -> d.startsWith("ATA Sanitize: ATA sanitize is frozen"))
                .anyMatch(d -> d.startsWith("SCSI Sanitize: sg3-utils"));
        assertThat(report.verified()).isTrue();
    }

    @Test
    void scsiDriveIsSanitizedWithSgSanitize() {
        String sdb = oldDisk("sdb");
        List<String> sanitize = List.of("sg_sanitize", "--quick", "--wait", "--crypto", sdb);
        tools.answer(List.of("hdparm", "-I", sdb), new CommandResult(25, "", "SG_IO: bad/missing sense data"))
                .answer(List.of("sg_opcodes", "--no-inquiry", sdb), Fixtures.text("sg-opcodes-sanitize.txt"))
                .answer(sanitize, "")
                .scrambles(sanitize, disk("sdb"));

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sdb", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(report.method()).isEqualTo(EraseMethod.SCSI_SANITIZE_CRYPTO);
        assertThat(report.declined()).anyMatch(d -> d.contains("bad/missing sense data"));
    }

    @Test
    void aCryptoEraseThatLeavesTheDataReadableFailsTheDisk() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-user-data.json"))
                .answer(List.of("nvme", "sanitize", nvme, "--sanact=4"), "")
                .answer(sanitizeLog(nvme), Fixtures.text("nvme-sanitize-log-v2-done.json"));

        DiskEraseReport report = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.FAILED);
        assertThat(report.method()).isEqualTo(EraseMethod.NVME_SANITIZE_CRYPTO);
        assertThat(report.reason()).hasValueSatisfying(r -> assertThat(r)
                .contains("read-back after NVMe Sanitize, cryptographic erase failed")
                .contains("still holds the data it held before the erase"));
        assertThat(report.verification()).hasValueSatisfying(v -> assertThat(v.passed()).isFalse());
    }

    @Test
    void aBlockEraseThatLeavesDataFailsTheStep() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-enhanced.txt"))
                .answer(hdparm("--security-set-pass", sda), "")
                .answer(hdparm("--security-erase-enhanced", sda), "");

        EraseReport report = eraser(config()).eraseDevices(List.of(FixtureMachine.diskRecord("sda", SIZE)),
                EraseOptions.DEFAULTS, new EraseProgress());

        assertThat(report.succeeded()).isFalse();
        assertThat(report.summary()).contains("read-back after ATA SECURITY ERASE UNIT, enhanced failed")
                .contains("not uniformly 0x00 or 0xFF");
    }

    @Test
    void theReadBackSeedIsRecordedAndChoosesTheSameOffsetsAgain() throws IOException {
        oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", disk("sda").toRealPath().toString()),
                new CommandResult(25, "", "not ATA"));

        ReadBackVerification first = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS)
                .verification().orElseThrow();
        ReadBack.Plan again = new ReadBack(DeviceOpener.files(), config()).before(disk("sda"), SIZE, first.seed());

        assertThat(again.offsets()).isEqualTo(first.offsets());
        assertThat(first.offsets()).startsWith(0L, SIZE - ReadBack.BLOCK_BYTES)
                .hasSize(2 + EraseConfig.DEFAULTS.verifySamples());
        assertThat(first.expectation()).isEqualTo(ReadBackExpectation.PATTERN);
    }

    private DiskEraseReport erase(Disk disk, EraseOptions options) {
        return eraser(config()).eraseDevices(List.of(disk), options, new EraseProgress()).disks().getFirst();
    }

    private static EraseConfig config() {
        return EraseConfig.DEFAULTS.withBufferBytes(64 * 1024).withSanitizePollInterval(Duration.ZERO);
    }

    private DiskEraser eraser(EraseConfig config) {
        return new DiskEraser(machine.context(tools), config, DeviceOpener.files(), new TickingClock(),
                new SplittableRandom(11));
    }

    /** A disk full of 0xAB; returns its device path as the eraser passes it to tools. */
    private String oldDisk(String name) {
        try {
            Path file = machine.disk(name, SIZE);
            byte[] old = new byte[(int) SIZE];
            Arrays.fill(old, (byte) 0xAB);
            Files.write(file, old);
            return file.toRealPath().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path disk(String name) {
        return machine.root().resolve("dev").resolve(name);
    }

    private List<Integer> contents(String name) {
        try {
            byte[] bytes = Files.readAllBytes(disk(name));
            return IntStream.range(0, bytes.length).map(i -> bytes[i] & 0xff).distinct().boxed().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> hdparm(String action, String device) {
        return List.of("hdparm", "--user-master", "u", action, "NULL", device);
    }

    private static List<String> idCtrl(String device) {
        return List.of("nvme", "id-ctrl", device, "-o", "json");
    }

    private static List<String> sanitizeLog(String device) {
        return List.of("nvme", "sanitize-log", device, "-o", "json");
    }
}
