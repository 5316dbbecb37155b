package dev.ferrum.imagebuilder.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanBuilderTest {
    private static final Instant MTIME = Instant.parse("2026-01-01T00:00:00Z");
    @TempDir
    Path dir;

    @Test
    void sortsEntriesSoEveryDirectoryPrecedesItsContentsAndAddsParents() {
        BuildPlan plan = new PlanBuilder()
                .text("opt/a/x", "x", 0644)
                .text("opt/a-b", "y", 0644)
                .symlink("bin/sh", "/bin/busybox")
                .build(MTIME);

        assertThat(plan.entries()).extracting(PlanEntry::path)
                .containsExactly("bin", "bin/sh", "opt", "opt/a", "opt/a-b", "opt/a/x");
        assertThat(plan.find("opt/a")).containsInstanceOf(PlanEntry.Directory.class);
    }

    @Test
    void hashesContentAndHostFiles() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "hello\n");

        BuildPlan plan = new PlanBuilder().file("a/f", file).text("a/g", "hello\n", 0600).build(MTIME);

        String sha = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";
        assertThat(plan.files()).extracting(PlanEntry.RegularFile::sha256).containsExactly(sha, sha);
        assertThat(plan.files()).extracting(PlanEntry.RegularFile::size).containsExactly(6L, 6L);
        assertThat(plan.contentBytes()).isEqualTo(12);
    }

    @Test
    void normalisesHostModesByTheOwnerExecuteBit() throws IOException {
        Path script = Files.writeString(dir.resolve("s"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxrw----"));
        Path data = Files.writeString(dir.resolve("d"), "data");
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rw-rw-rw-"));

        BuildPlan plan = new PlanBuilder().file("s", script).file("d", data).build(MTIME);

        assertThat(plan.files()).extracting(PlanEntry::path, PlanEntry::mode)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("d", 0644), org.assertj.core.groups.Tuple.tuple("s", 0755));
    }

    @Test
    void copiesTreesKeepingSymbolicLinks() throws IOException {
        Path tree = Files.createDirectories(dir.resolve("tree/legal/java.base"));
        Files.writeString(tree.resolve("LICENSE"), "GPL");
        Files.createDirectories(dir.resolve("tree/legal/java.sql"));
        Files.createSymbolicLink(dir.resolve("tree/legal/java.sql/LICENSE"), Path.of("../java.base/LICENSE"));

        BuildPlan plan = new PlanBuilder().tree("opt/jre", dir.resolve("tree")).build(MTIME);

        assertThat(plan.entries()).extracting(PlanEntry::path).containsExactly("opt", "opt/jre", "opt/jre/legal",
                "opt/jre/legal/java.base", "opt/jre/legal/java.base/LICENSE", "opt/jre/legal/java.sql", "opt/jre/legal/java.sql/LICENSE");
        assertThat(plan.find("opt/jre/legal/java.sql/LICENSE")).contains(new PlanEntry.Symlink("opt/jre/legal/java.sql/LICENSE", "../java.base/LICENSE"));
    }

    @Test
    void refusesTwoDifferentThingsAtOnePath() {
        PlanBuilder plan = new PlanBuilder().text("etc/hosts", "a", 0644);

        assertThatThrownBy(() -> plan.text("etc/hosts", "b", 0644)).isInstanceOf(ImageBuildException.class)
                .hasMessageContaining("two different things planned at 'etc/hosts'");
        assertThatThrownBy(() -> plan.directory("etc/hosts/x", 0755)).isInstanceOf(ImageBuildException.class);
        assertThat(plan.text("etc/hosts", "a", 0644).build(MTIME).files()).hasSize(1);
    }

    @Test
    void rejectsPathsThatEscapeOrAreAbsolute() {
        for (String bad : List.of("/etc", "a/../b", "a//b", "a/", "")) {
            assertThatThrownBy(() -> new PlanBuilder().text(bad, "x", 0644)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void planRequiresParentDirectoriesAndWholeSecondMtimes() {
        PlanEntry orphan = new PlanEntry.RegularFile("a/b", 0644, FileSource.Content.text("x"), 1, "00");

        assertThatThrownBy(() -> new BuildPlan(List.of(orphan), MTIME)).hasMessageContaining("no directory entry for 'a'");
        assertThatThrownBy(() -> new BuildPlan(List.of(), MTIME.plusMillis(5))).hasMessageContaining("whole seconds");
    }

    @Test
    void contentRecordsCompareByBytes() {
        assertThat(FileSource.Content.text("x")).isEqualTo(new FileSource.Content("x".getBytes(StandardCharsets.UTF_8)));
    }
}
