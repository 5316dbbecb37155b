package dev.ferrum.agent.image.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.source.SourceResponse.Validators;
import dev.ferrum.agent.image.testing.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The transport-level resume logic against the in-memory fake and hand-made misbehaving servers. */
class ResumableStreamTest {
    private static final URI URL = URI.create("http://images.example/disk.img?sig=SECRET");
    private static final RetryPolicy RETRY = new RetryPolicy(4, Duration.ofMillis(100), Duration.ofSeconds(1));
    private final byte[] image = Fixtures.disk(1_000_000, 1);
    private final InMemoryImageSource source = new InMemoryImageSource().put(URL, image);
    private final List<Duration> sleeps = new ArrayList<>();
    private final List<Long> resumedAt = new ArrayList<>();
    private final ResumableStream.Listener listener = new ResumableStream.Listener() {
        @Override
        public void delivered(long bytes) {
        }

        @Override
        public void resuming(long position, String why) {
            resumedAt.add(position);
        }
    };

    private ResumableStream open(ImageSource s, ByteRange range, Optional<Validators> expected) {
        return ResumableStream.open(s, URL, range, expected, RETRY, sleeps::add, listener);
    }

    @Test
    void breaksAreInvisibleToTheReader() throws IOException {
        source.breakBodies(3, 200_000);
        try (ResumableStream in = open(source, ByteRange.all(), Optional.empty())) {
            assertThat(in.readAllBytes()).isEqualTo(image);
            assertThat(in.retries()).isEqualTo(3);
        }
        assertThat(resumedAt).containsExactly(200_000L, 400_000L, 600_000L);
        assertThat(sleeps).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400));
    }

    @Test
    void aRangeIsReadExactlyAndResumedWithinItself() throws IOException {
        source.breakBodies(1, 1000);
        try (ResumableStream in = open(source, ByteRange.of(5000, 10_000), Optional.empty())) {
            assertThat(in.readAllBytes()).isEqualTo(java.util.Arrays.copyOfRange(image, 5000, 15_000));
        }
    }

    @Test
    void theRetryBoundEndsAnEndlessSeriesOfBreaks() {
        source.breakBodies(100, 10_000);
        assertThatThrownBy(() -> {
            try (ResumableStream in = open(source, ByteRange.all(), Optional.empty())) {
                in.readAllBytes();
            }
        }).isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("failed at byte 50000 of 1000000 and did not recover after 4 retries")
                .hasMessageNotContaining("SECRET");
    }

    @Test
    void aShortBodyCountsAsABreak() throws IOException {
        int[] calls = {0};
        ImageSource truncating = (uri, range) -> {
            SourceResponse r = source.open(uri, range);
            if (calls[0]++ > 0) {
                return r;
            }
            // Announces the full length, then ends early without an error: a proxy cutting the body.
            return new SourceResponse(200, r.contentLength(), Optional.empty(), Optional.of("bytes"), r.etag(),
                    Optional.empty(), new ByteArrayInputStream(image, 0, 300_000));
        };
        try (ResumableStream in = open(truncating, ByteRange.all(), Optional.empty())) {
            assertThat(in.readAllBytes()).isEqualTo(image);
            assertThat(in.retries()).isEqualTo(1);
        }
    }

    @Test
    void aPartialRangeAnsweredWithTheWholeFileIsRangeUnsupported() {
        ImageSource ignoring = (uri, range) -> source.open(uri, ByteRange.all());
        assertThatThrownBy(() -> open(ignoring, ByteRange.of(100, 100), Optional.empty()))
                .isInstanceOf(ImageWriteException.class)
                .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.RANGE_UNSUPPORTED);
    }

    @Test
    void aResumeAtTheWrongOffsetIsRefused() {
        source.breakBodies(1, 1000);
        ImageSource wrongOffset = (uri, range) -> range.isAll() ? source.open(uri, range)
                : new SourceResponse(206, OptionalLong.of(10), Optional.of("bytes 0-9/" + image.length),
                        Optional.of("bytes"), source.open(uri, ByteRange.all()).etag(), Optional.empty(),
                        new ByteArrayInputStream(image, 0, 10));
        assertThatThrownBy(() -> {
            try (ResumableStream in = open(wrongOffset, ByteRange.all(), Optional.empty())) {
                in.readAllBytes();
            }
        }).isInstanceOf(ImageWriteException.class).hasMessageContaining("answered a Range request for byte 1000 with bytes from 0");
    }

    @Test
    void expectedValidatorsMustMatch() {
        Validators other = new Validators(Optional.of("\"other\""), Optional.empty());
        assertThatThrownBy(() -> open(source, ByteRange.of(0, 10), Optional.of(other)))
                .isInstanceOf(ImageWriteException.class)
                .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.SOURCE_CHANGED);
    }

    @Test
    void clientErrorsAreNotRetriedButServerErrorsAre() {
        InMemoryImageSource empty = new InMemoryImageSource();
        assertThatThrownBy(() -> open(empty, ByteRange.all(), Optional.empty()))
                .hasMessageContaining("answered HTTP 404");
        assertThat(empty.requests()).isEqualTo(1);

        int[] calls = {0};
        ImageSource flaky = (uri, range) -> {
            if (calls[0]++ < 2) {
                throw new IOException("connection refused");
            }
            return source.open(uri, range);
        };
        assertThat(open(flaky, ByteRange.all(), Optional.empty()).resourceLength()).hasValue(image.length);
        assertThat(sleeps).hasSize(2);
    }
}
