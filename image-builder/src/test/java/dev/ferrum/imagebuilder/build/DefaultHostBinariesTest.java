package dev.ferrum.imagebuilder.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The software RAID tools every ramdisk carries where the build host has them; a program named explicitly wins. */
class DefaultHostBinariesTest {
    @Test
    void addsTheHostsRaidToolsBeforeTheChosenOnesAndLetsAChosenProgramReplaceOne() {
        Path ownMdadm = Path.of("/opt/tools/mdadm");
        Path tcpdump = Path.of("/usr/bin/tcpdump");

        List<Path> all = BuildConfig.withDefaultHostBinaries(List.of(ownMdadm, tcpdump));

        List<Path> present = BuildConfig.DEFAULT_HOST_BINARIES.stream().filter(Files::isRegularFile)
                .filter(p -> !p.getFileName().toString().equals("mdadm")).toList();
        assertThat(all).startsWith(present.toArray(Path[]::new)).endsWith(ownMdadm, tcpdump)
                .hasSize(present.size() + 2).doesNotContain(Path.of("/usr/sbin/mdadm"));
    }

    @Test
    void namesMdadmPartedPartprobeAndWipefs() {
        assertThat(BuildConfig.DEFAULT_HOST_BINARIES).extracting(p -> p.getFileName().toString())
                .containsExactly("mdadm", "parted", "partprobe", "wipefs");
        assertThat(BuildConfig.DEFAULT_MODULES).contains("md_mod", "raid0", "raid1", "raid10");
    }
}
