package dev.ferrum.imagebuilder.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveInputStream;
import org.apache.commons.compress.archivers.cpio.CpioConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpioWriterTest {
    private static final Instant MTIME = Instant.parse("2026-01-01T00:00:00Z");
    @TempDir
    Path dir;

    static BuildPlan samplePlan(Path dir) throws IOException {
        Path host = Files.writeString(dir.resolve("host.txt"), "from the host\n");
        return new PlanBuilder()
                .directory("tmp", 01777)
                .text("init", "#!/bin/sh\n", 0755)
                .file("opt/ferrum/host.txt", host)
                .symlink("bin/sh", "/bin/busybox")
                .charDevice("dev/console", 0600, 5, 1)
                .build(MTIME);
    }

    @Test
    void writesNewcEntriesWithFixedOwnershipTimesAndInodes() throws IOException {
        byte[] archive = write(samplePlan(dir));

        assertThat(new String(archive, 0, 6, StandardCharsets.US_ASCII)).isEqualTo("070701");
        List<CpioArchiveEntry> entries = new ArrayList<>();
        try (CpioArchiveInputStream in = new CpioArchiveInputStream(new ByteArrayInputStream(archive))) {
            for (CpioArchiveEntry e; (e = in.getNextEntry()) != null; ) {
                entries.add(e);
                if (e.getName().equals("opt/ferrum/host.txt")) {
                    assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("from the host\n");
                }
                if (e.getName().equals("bin/sh")) {
                    assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("/bin/busybox");
                }
            }
        }
        assertThat(entries).extracting(CpioArchiveEntry::getName).containsExactly(
                "bin", "bin/sh", "dev", "dev/console", "init", "opt", "opt/ferrum", "opt/ferrum/host.txt", "tmp");
        assertThat(entries).extracting(CpioArchiveEntry::getInode).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.getUID()).isZero();
            assertThat(e.getGID()).isZero();
            assertThat(e.getTime()).isEqualTo(MTIME.getEpochSecond());
            assertThat(e.getDeviceMaj()).isZero();
            assertThat(e.getDeviceMin()).isZero();
        });
        CpioArchiveEntry console = entries.get(3);
        assertThat(console.getMode()).isEqualTo(CpioConstants.C_ISCHR | 0600);
        assertThat(console.getRemoteDeviceMaj()).isEqualTo(5);
        assertThat(console.getRemoteDeviceMin()).isEqualTo(1);
        assertThat(entries.get(8).getMode()).isEqualTo(CpioConstants.C_ISDIR | 01777);
        assertThat(entries.get(4).getMode()).isEqualTo(CpioConstants.C_ISREG | 0755);
        assertThat(entries.get(1).getMode()).isEqualTo(CpioConstants.C_ISLNK | 0777);
    }

    @Test
    void equalPlansGiveEqualBytes() throws IOException {
        byte[] first = write(samplePlan(dir));
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.setLastModifiedTime(Files.writeString(elsewhere.resolve("host.txt"), "from the host\n"),
                java.nio.file.attribute.FileTime.from(Instant.parse("1999-09-09T09:09:09Z")));

        assertThat(write(samplePlan(elsewhere))).isEqualTo(first);
    }

    @Test
    void aHostFileChangedAfterPlanningFailsTheWrite() throws IOException {
        BuildPlan plan = samplePlan(dir);
        Files.writeString(dir.resolve("host.txt"), "changed behind our back\n");

        assertThatThrownBy(() -> write(plan)).isInstanceOf(ImageBuildException.class).hasMessageContaining("changed after it was planned");
    }

    private static byte[] write(BuildPlan plan) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new CpioWriter().write(plan, out);
        return out.toByteArray();
    }
}
