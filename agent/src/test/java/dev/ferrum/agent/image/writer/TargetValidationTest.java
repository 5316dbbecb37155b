package dev.ferrum.agent.image.writer;

import static dev.ferrum.agent.image.testing.Fixtures.sha256;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only block devices and regular files are written; nothing is downloaded for a bad target. */
class TargetValidationTest {
    private final WriterHarness h = new WriterHarness();
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        h.close();
    }

    private ImageWriteException refused(Path target) {
        byte[] image = new byte[4096];
        h.server.serve("/a.img", image);
        try {
            h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), target, ZeroHandling.WRITE_ZEROS);
        } catch (ImageWriteException e) {
            assertThat(h.server.requests()).isEmpty();
            return e;
        }
        throw new AssertionError("target " + target + " was accepted");
    }

    @Test
    void aDirectoryIsRefused() {
        ImageWriteException e = refused(dir);
        assertThat(e.reason()).isEqualTo(Reason.INVALID_TARGET);
        assertThat(e).hasMessageContaining("is a directory, not a block device or regular file");
    }

    @Test
    void aCharacterDeviceIsRefused() {
        assertThat(refused(Path.of("/dev/null"))).hasMessageContaining("/dev/null is a character device");
    }

    @Test
    void aMissingPathIsRefused() {
        assertThat(refused(dir.resolve("nope"))).hasMessageContaining("does not exist");
    }

    @Test
    void aFifoIsRefused() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo not available: skipped");
        assertThat(refused(fifo)).hasMessageContaining("is a special file");
    }

    @Test
    void aSymlinkToARegularFileIsFollowed() throws Exception {
        Path file = WriterHarness.emptyFile(dir, "disk");
        Path link = Files.createSymbolicLink(dir.resolve("by-path"), file);
        byte[] image = "hello".getBytes();
        h.server.serve("/a.img", image);
        h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), link, ZeroHandling.WRITE_ZEROS);
        assertThat(Files.readAllBytes(file)).isEqualTo(image);
    }

    @Test
    void aLoopBlockDeviceIsAcceptedWhenOneCanBeMade() throws Exception {
        Path backing = dir.resolve("backing");
        Files.write(backing, new byte[1 << 20]);
        Process p = new ProcessBuilder("losetup", "--find", "--show", backing.toString()).redirectErrorStream(true).start();
        String device = new String(p.getInputStream().readAllBytes()).trim();
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0 && device.startsWith("/dev/"),
                "cannot create a loop device here (" + device + "): block-device path skipped");
        try {
            byte[] image = dev.ferrum.agent.image.testing.Fixtures.disk(300_000, 3);
            h.server.serve("/a.img", image);
            h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), Path.of(device), ZeroHandling.WRITE_ZEROS);
            assertThat(java.util.Arrays.copyOf(Files.readAllBytes(backing), image.length)).isEqualTo(image);

            byte[] tooBig = new byte[2 << 20];
            h.server.serve("/big.img", tooBig);
            assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/big.img"), "checksum", sha256(tooBig)), Path.of(device),
                    ZeroHandling.WRITE_ZEROS)).hasMessageContaining("holds only 1048576 bytes");
        } finally {
            new ProcessBuilder("losetup", "-d", device).start().waitFor();
        }
    }
}
