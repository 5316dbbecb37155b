package dev.ferrum.imagebuilder.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host programs every ramdisk carries where the build host has them; a program named explicitly wins. */
class DefaultHostBinariesTest {
    @TempDir
    Path dir;

    @Test
    void namesWhatIpasRamdiskCarriesForUefiAndSoftwareRaid() {
        assertThat(BuildConfig.DEFAULT_HOST_BINARIES).extracting(p -> p.getFileName().toString())
                .containsExactly("efibootmgr", "mdadm", "parted", "partprobe", "wipefs");
        assertThat(BuildConfig.DEFAULT_MODULES).contains("md_mod", "raid0", "raid1", "raid10", "efivarfs");
    }

    @Test
    void defaultsTheHostHasComeFirstAndMissingOnesAreLeftOut() throws IOException {
        Path present = Files.writeString(dir.resolve("efibootmgr"), "x");
        Path absent = dir.resolve("absent-tool");
        Path chosen = Path.of("/usr/bin/qemu-img");

        assertThat(BuildConfig.withDefaults(List.of(present, absent), List.of(chosen))).containsExactly(present, chosen);
    }

    @Test
    void aChosenProgramOfTheSameNameReplacesTheDefault() throws IOException {
        Path fallback = Files.writeString(dir.resolve("mdadm"), "x");
        Path own = Path.of("/opt/tools/mdadm");
        Path tcpdump = Path.of("/usr/bin/tcpdump");

        assertThat(BuildConfig.withDefaults(List.of(fallback), List.of(own, tcpdump))).containsExactly(own, tcpdump);
    }
}
