package dev.ferrum.agent.image.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checksums-file formats IPA accepts, on fixture text. */
class ChecksumFileTest {
    private static final String A = "a".repeat(64);
    private static final String B = "b".repeat(64);

    @Test
    void aBareHashIsTheHash() {
        assertThat(ChecksumFile.find("  " + A + "\n\n", List.of("disk.img"), "sums")).isEqualTo(A);
    }

    @Test
    void sha256sumLinesArePickedByFileName() {
        String sums = "# generated\n" + A + "  other.img\n" + B + " *disk.img\n";
        assertThat(ChecksumFile.find(sums, List.of("disk.img"), "sums")).isEqualTo(B);
        assertThat(ChecksumFile.find(A + "  ./disk.img\r\n", List.of("disk.img"), "sums")).isEqualTo(A);
    }

    @Test
    void bsdStyleLinesWork() {
        String sums = "SHA256 (other.img) = " + A + "\nSHA256 (disk.img) = " + B + "\n";
        assertThat(ChecksumFile.find(sums, List.of("disk.img"), "sums")).isEqualTo(B);
    }

    @Test
    void laterUrlsFileNamesAreTriedToo() {
        assertThat(ChecksumFile.find(A + "  mirror.img\n" + B + "  x\n", List.of("disk.img", "mirror.img"), "sums"))
                .isEqualTo(A);
    }

    @Test
    void aFileWithoutTheImageIsAClearError() {
        assertThatThrownBy(() -> ChecksumFile.find(A + "  other.img\n", List.of("disk.img"), "https://x/SUMS"))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("checksum file https://x/SUMS has no line for disk.img");
        assertThatThrownBy(() -> ChecksumFile.find("\n# nothing\n", List.of("disk.img"), "s"))
                .hasMessageContaining("is empty");
    }
}
