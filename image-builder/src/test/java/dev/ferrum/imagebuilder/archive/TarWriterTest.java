package dev.ferrum.imagebuilder.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TarWriterTest {
    @TempDir
    Path dir;

    @Test
    void writesASortedRootOwnedTarWithoutDeviceNodes() throws IOException {
        byte[] tar = write(CpioWriterTest.samplePlan(dir));

        List<TarArchiveEntry> entries = new ArrayList<>();
        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(tar))) {
            for (TarArchiveEntry e; (e = in.getNextEntry()) != null; ) {
                entries.add(e);
            }
        }
        assertThat(entries).extracting(TarArchiveEntry::getName).containsExactly(
                "bin/", "bin/sh", "dev/", "init", "opt/", "opt/ferrum/", "opt/ferrum/host.txt", "tmp/");
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.getLongUserId()).isZero();
            assertThat(e.getLongGroupId()).isZero();
            assertThat(e.getUserName()).isEqualTo("root");
            assertThat(e.getLastModifiedTime().toInstant()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        });
        assertThat(entries.get(1).isSymbolicLink()).isTrue();
        assertThat(entries.get(1).getLinkName()).isEqualTo("/bin/busybox");
        assertThat(entries.get(3).getMode() & 07777).isEqualTo(0755);
        assertThat(entries.get(7).getMode() & 07777).isEqualTo(01777);
    }

    @Test
    void longPathsSurviveAndOutputIsStable() throws IOException {
        String longPath = "opt/" + "d".repeat(120) + "/file";
        BuildPlan plan = new PlanBuilder().text(longPath, "x", 0644).build(Instant.parse("2026-01-01T00:00:00Z"));

        byte[] tar = write(plan);

        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(tar))) {
            in.getNextEntry();
            in.getNextEntry();
            TarArchiveEntry file = in.getNextEntry();
            assertThat(file.getName()).isEqualTo(longPath);
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("x");
        }
        assertThat(write(plan)).isEqualTo(tar);
    }

    private static byte[] write(BuildPlan plan) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TarWriter().write(plan, out);
        return out.toByteArray();
    }
}
