package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ExpectedChecksum;
import dev.ferrum.agent.image.HashAlgorithm;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.SafeUrl;
import dev.ferrum.agent.image.source.ByteRange;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.ResumableStream;
import dev.ferrum.agent.image.source.RetryPolicy;
import dev.ferrum.agent.time.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Turns an {@link ExpectedChecksum} into a known digest, fetching and reading a checksums file when given one. */
final class ChecksumResolver {
    /** Checksums files are small; a larger answer is not one (and must not fill the ramdisk's memory). */
    private static final int MAX_BYTES = 1 << 20;

    private final ImageSource source;
    private final RetryPolicy retry;
    private final Sleeper sleeper;
    private final ChecksumPolicy policy;

    ChecksumResolver(ImageSource source, RetryPolicy retry, Sleeper sleeper, ChecksumPolicy policy) {
        this.source = source;
        this.retry = retry;
        this.sleeper = sleeper;
        this.policy = policy;
    }

    ExpectedChecksum.Known resolve(ExpectedChecksum checksum, List<URI> imageUrls) {
        return switch (checksum) {
            case ExpectedChecksum.Known known -> known;
            case ExpectedChecksum.Remote remote -> fetch(remote, imageUrls);
        };
    }

    private ExpectedChecksum.Known fetch(ExpectedChecksum.Remote remote, List<URI> imageUrls) {
        String where = SafeUrl.redact(remote.url());
        byte[] body;
        try (InputStream in = ResumableStream.open(source, remote.url(), ByteRange.all(), Optional.empty(), retry, sleeper,
                ResumableStream.Listener.none())) {
            body = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new ImageWriteException(Reason.DOWNLOAD_FAILED, "reading checksum file " + where + " failed: " + e, e);
        }
        if (body.length > MAX_BYTES) {
            throw new ImageWriteException(Reason.INVALID_REQUEST, "checksum file " + where + " is larger than 1 MiB;"
                    + " is the checksum URL pointing at the image?");
        }
        String hash = ChecksumFile.find(new String(body, StandardCharsets.UTF_8), fileNames(imageUrls), where)
                .toLowerCase(Locale.ROOT);
        HashAlgorithm algorithm = remote.algorithm().orElseGet(() -> HashAlgorithm.byHexLength(hash.length()).orElseThrow(
                () -> new ImageWriteException(Reason.INVALID_REQUEST, "the hash in checksum file " + where + " has "
                        + hash.length() + " characters, which matches no known algorithm; set os_hash_algo")));
        policy.require(algorithm, "the hash in checksum file " + where);
        return new ExpectedChecksum.Known(algorithm, hash);
    }

    /** The last path segment of each image URL, in order, without duplicates. */
    private static List<String> fileNames(List<URI> urls) {
        List<String> names = new ArrayList<>();
        for (URI url : urls) {
            String path = Optional.ofNullable(url.getPath()).orElse("");
            String name = path.substring(path.lastIndexOf('/') + 1);
            if (!name.isEmpty() && !names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }
}
