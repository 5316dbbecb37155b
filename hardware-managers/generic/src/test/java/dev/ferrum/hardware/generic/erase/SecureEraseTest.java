package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The drive's own erase (NVMe format, ATA security erase) and its fallbacks, through scripted tools. */
class SecureEraseTest {
    private static final long SIZE = 1 << 20;
    private static final CommandResult FAIL = new CommandResult(5, "", "SG_IO: bad/missing sense data");

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
    void frozenAtaDriveFallsBackToAVerifiedOverwrite() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-frozen.txt"));

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(report.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(report.verified()).isTrue();
        assertThat(report.declined()).anyMatch(n -> n.contains("frozen"));
        assertThat(tools.calls()).containsExactly(List.of("hdparm", "-I", sda));
        assertThat(contents("sda")).containsOnly(0);
    }

    @Test
    void enhancedCapableDriveIsErasedByTheDriveWithATemporaryPassword() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-enhanced.txt"))
                .answer(hdparm("--security-set-pass", sda), "")
                .answer(hdparm("--security-erase-enhanced", sda), "")
                .fills(hdparm("--security-erase-enhanced", sda), disk("sda"), 0xFF);

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.method()).isEqualTo(EraseMethod.ATA_ENHANCED_SECURE);
        assertThat(report.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(report.verified()).as("the firmware erase is read back too").isTrue();
        assertThat(report.verification()).hasValueSatisfying(v -> assertThat(v.expectation())
                .isEqualTo(ReadBackExpectation.UNIFORM));
        assertThat(report.bytes()).isEqualTo(SIZE);
        assertThat(tools.calls()).containsExactly(List.of("hdparm", "-I", sda), hdparm("--security-set-pass", sda),
                hdparm("--security-erase-enhanced", sda), List.of("hdparm", "-I", sda));
        assertThat(contents("sda")).as("no overwrite after a firmware erase").containsOnly(0xFF);
    }

    @Test
    void failedAtaEraseRemovesThePasswordAndFailsWithoutPermissionToFallBack() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-normal-only.txt"))
                .answer(hdparm("--security-set-pass", sda), "")
                .answer(hdparm("--security-erase", sda), FAIL)
                .answer(hdparm("--security-disable", sda), "");

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.FAILED);
        assertThat(report.reason()).hasValueSatisfying(r -> assertThat(r).contains("security erase failed")
                .contains("bad/missing sense data").contains("temporary password removed")
                .contains("agent_continue_if_secure_erase_failed"));
        assertThat(tools.calls()).contains(hdparm("--security-disable", sda));
        assertThat(contents("sda")).as("nothing overwritten").containsOnly(0xAB);
    }

    @Test
    void failedAtaEraseFallsBackToOverwriteWhenAllowed() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-normal-only.txt"))
                .answer(hdparm("--security-set-pass", sda), "")
                .answer(hdparm("--security-erase", sda), FAIL)
                .answer(hdparm("--security-disable", sda), "");
        EraseOptions allowFallback = new EraseOptions(1, true, true, true, true, false, 1, SkipList.EMPTY);

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), allowFallback);

        assertThat(report.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(report.verified()).isTrue();
        assertThat(report.notes()).anyMatch(n -> n.startsWith("secure erase failed, overwriting instead"));
        assertThat(contents("sda")).containsOnly(0);
    }

    @Test
    void passwordThatCannotBeRemovedIsReportedWithTheFix() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-normal-only.txt"))
                .answer(hdparm("--security-set-pass", sda), "")
                .answer(hdparm("--security-erase", sda), FAIL)
                .answer(hdparm("--security-disable", sda), FAIL)
                .answer(hdparm("--security-unlock", sda), FAIL);

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.reason()).hasValueSatisfying(r -> assertThat(r)
                .contains("could not remove the temporary password 'NULL'")
                .contains("hdparm --user-master u --security-disable NULL " + sda));
        assertThat(tools.calls()).containsSubsequence(hdparm("--security-disable", sda),
                hdparm("--security-unlock", sda), hdparm("--security-disable", sda));
    }

    @Test
    void driveLockedBySomeoneElseIsNeitherErasedNorTouched() {
        String sda = oldDisk("sda");
        tools.answer(List.of("hdparm", "-I", sda), Fixtures.text("hdparm-locked.txt"))
                .answer(hdparm("--security-unlock", sda), FAIL);

        DiskEraseReport report = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.outcome()).isEqualTo(DiskOutcome.FAILED);
        assertThat(report.reason()).hasValueSatisfying(r -> assertThat(r).contains("password Ferrum did not set"));
        assertThat(tools.calls()).noneMatch(c -> c.contains("--security-set-pass") || c.contains("--security-erase"));
    }

    @Test
    void nonAtaDeviceAndDisabledAtaEraseGoStraightToOverwrite() {
        String sda = oldDisk("sda");
        oldDisk("sdb");
        tools.answer(List.of("hdparm", "-I", sda), new CommandResult(25, "", "Inappropriate ioctl for device"));
        EraseOptions noAta = new EraseOptions(1, true, true, false, false, false, 1, SkipList.EMPTY);

        DiskEraseReport notAta = erase(FixtureMachine.diskRecord("sda", SIZE), EraseOptions.DEFAULTS);
        DiskEraseReport disabled = erase(FixtureMachine.diskRecord("sdb", SIZE), noAta);

        assertThat(notAta.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(notAta.declined()).anyMatch(n -> n.contains("Inappropriate ioctl"));
        assertThat(disabled.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(disabled.declined()).anyMatch(n -> n.contains("agent_enable_ata_secure_erase=false"));
        assertThat(tools.calls()).noneMatch(c -> c.getLast().endsWith("sdb"));
    }

    @Test
    void nvmeWithCryptoEraseIsFormattedWithSes2() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-crypto.json"))
                .answer(List.of("nvme", "format", nvme, "-s", "2", "-f"), "Success formatting namespace:1")
                .scrambles(List.of("nvme", "format", nvme, "-s", "2", "-f"), disk("nvme0n1"));

        DiskEraseReport report = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.method()).isEqualTo(EraseMethod.NVME_CRYPTO);
        assertThat(report.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(report.declined()).contains("NVMe Sanitize: the controller offers no Sanitize action (SANICAP 0)");
        assertThat(report.verification()).hasValueSatisfying(v -> assertThat(v.expectation())
                .isEqualTo(ReadBackExpectation.CHANGED));
        assertThat(tools.calls()).noneMatch(c -> c.getFirst().equals("hdparm"));
    }

    @Test
    void nvmeWithoutCryptoEraseUsesUserDataErase() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-format-only.json"))
                .answer(List.of("nvme", "format", nvme, "-s", "1", "-f"), "Success formatting namespace:1")
                .fills(List.of("nvme", "format", nvme, "-s", "1", "-f"), disk("nvme0n1"), 0);

        assertThat(erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS).method())
                .isEqualTo(EraseMethod.NVME_USER_DATA);
    }

    @Test
    void nvmeWithoutFormatSupportIsOverwritten() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-no-format.json"));

        DiskEraseReport report = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);

        assertThat(report.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(report.declined()).anyMatch(n -> n.contains("OACS bit 1 clear"));
    }

    @Test
    void failedNvmeFormatFailsUnlessFallbackIsAllowed() {
        String nvme = oldDisk("nvme0n1");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-crypto.json"))
                .answer(List.of("nvme", "format", nvme, "-s", "2", "-f"),
                        new CommandResult(1, "", "NVMe status: INVALID_FORMAT"));
        EraseOptions allowFallback = new EraseOptions(1, true, true, true, true, false, 1, SkipList.EMPTY);

        DiskEraseReport strict = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), EraseOptions.DEFAULTS);
        DiskEraseReport lenient = erase(FixtureMachine.nvmeRecord("nvme0n1", SIZE), allowFallback);

        assertThat(strict.outcome()).isEqualTo(DiskOutcome.FAILED);
        assertThat(strict.reason()).hasValueSatisfying(r -> assertThat(r).contains("INVALID_FORMAT"));
        assertThat(lenient.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(lenient.verified()).isTrue();
    }

    @Test
    void formatThatWouldHitAProtectedSiblingNamespaceIsDeclined() throws IOException {
        String nvme = oldDisk("nvme0n1");
        oldDisk("nvme0n2");
        tools.answer(idCtrl(nvme), Fixtures.text("nvme-id-ctrl-shared-namespaces.json"));
        SkipList keepSecond = SkipList.fromJson(new ObjectMapper().readTree("[{\"name\": \"/dev/nvme0n2\"}]"));

        EraseReport report = eraser().eraseDevices(List.of(FixtureMachine.nvmeRecord("nvme0n1", SIZE),
                FixtureMachine.nvmeRecord("nvme0n2", SIZE)), EraseOptions.DEFAULTS.withSkipList(keepSecond),
                new EraseProgress());

        DiskEraseReport first = report.disks().getFirst();
        assertThat(first.method()).isEqualTo(EraseMethod.OVERWRITE);
        assertThat(first.declined()).anyMatch(n -> n.startsWith("NVMe Sanitize: ") && n.contains("[nvme0n2]"))
                .anyMatch(n -> n.startsWith("NVMe Format: ") && n.contains("would also erase [nvme0n2]"));
        assertThat(report.disks().get(1).outcome()).isEqualTo(DiskOutcome.SKIPPED);
        assertThat(tools.calls()).noneMatch(c -> c.contains("format"));
        assertThat(contents("nvme0n2")).containsOnly(0xAB);
    }

    private DiskEraseReport erase(Disk disk, EraseOptions options) {
        EraseReport report = eraser().eraseDevices(List.of(disk), options, new EraseProgress());
        return report.disks().getFirst();
    }

    private DiskEraser eraser() {
        return new DiskEraser(machine.context(tools), EraseConfig.DEFAULTS.withBufferBytes(64 * 1024),
                DeviceOpener.files(), new TickingClock(), new SplittableRandom(11));
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
            byte[] bytes = Files.readAllBytes(machine.root().resolve("dev").resolve(name));
            return IntStream.range(0, bytes.length).map(i -> bytes[i] & 0xff).distinct().boxed()
                    .toList();
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
}
