package dev.ferrum.agent.image.writer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ExpectedChecksum;
import dev.ferrum.agent.image.HashAlgorithm;
import dev.ferrum.agent.image.ImageRequest;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.WriteProgress;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.SourceResponse;
import dev.ferrum.agent.image.testing.FakeClock;
import dev.ferrum.agent.image.testing.Fixtures;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Interrupting the writing thread cancels the write (no retry), and the touched target is wiped. */
class CancellationTest {
    @TempDir
    Path dir;

    @Test
    void interruptingTheWriterCancelsIt() throws Exception {
        byte[] image = Fixtures.disk(12 << 20, 5);
        CountDownLatch stalled = new CountDownLatch(1);
        URI url = URI.create("http://images.example/a.img");
        // Delivers 9 MiB (two whole chunks reach the disk), then blocks until interrupted, as a stalled socket would.
        ImageSource stalling = (uri, range) -> new SourceResponse(200, OptionalLong.of(image.length), Optional.empty(),
                Optional.of("bytes"), Optional.empty(), Optional.empty(), new InputStream() {
                    private int pos;

                    @Override
                    public int read() {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        if (pos >= 9 << 20) {
                            stalled.countDown();
                            try {
                                new CountDownLatch(1).await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                throw new InterruptedIOException("read interrupted");
                            }
                        }
                        int n = Math.min(len, (9 << 20) - pos);
                        System.arraycopy(image, pos, b, off, n);
                        pos += n;
                        return n;
                    }
                });
        Path target = Files.write(dir.resolve("t"), new byte[0]);
        ImageWriter writer = new ImageWriter(ImageWriterConfig.defaults().withChecksums(ChecksumPolicy.strict()), stalling,
                new FakeClock(), d -> { });
        var progress = writer.newProgress();
        ImageRequest request = new ImageRequest("a", List.of(url), Optional.empty(),
                new ExpectedChecksum.Known(HashAlgorithm.SHA256, Fixtures.sha256(image)), Optional.empty());
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                writer.write(request, ImageTarget.disk(target), progress);
            } catch (Throwable e) {
                outcome.set(e);
            }
        });
        t.start();
        stalled.await();
        t.interrupt();
        t.join();

        assertThat(outcome.get()).isInstanceOf(ImageWriteException.class);
        assertThat(((ImageWriteException) outcome.get()).reason()).isEqualTo(ImageWriteException.Reason.CANCELLED);
        assertThat(progress.snapshot().phase()).isEqualTo(WriteProgress.Phase.FAILED);
        assertThat(progress.snapshot().resumes()).isZero();
        assertThat(java.util.Arrays.copyOf(Files.readAllBytes(target), 1 << 20)).containsOnly(0);
    }
}
