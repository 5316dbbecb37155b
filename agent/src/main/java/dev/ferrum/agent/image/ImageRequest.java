package dev.ferrum.agent.image;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One image to write, as Ironic describes it in {@code image_info}: where to get it (URLs tried in
 * turn), what it claims to be, and what its published bytes must hash to.
 *
 * @param imageId        Ironic's {@code id}, for messages
 * @param urls           http(s) URLs of the same image, tried in order until one works
 * @param declaredFormat {@code disk_format} when given; the content's magic bytes decide in the end
 * @param checksum       the digest the published (possibly compressed) bytes must have
 * @param nodeUuid       the node, for log lines ({@code node=<uuid>})
 */
public record ImageRequest(String imageId, List<URI> urls, Optional<DiskFormat> declaredFormat,
        ExpectedChecksum checksum, Optional<String> nodeUuid) {

    public ImageRequest {
        Objects.requireNonNull(imageId);
        urls = List.copyOf(urls);
        if (urls.isEmpty()) {
            throw new ImageWriteException(ImageWriteException.Reason.INVALID_REQUEST, "image " + imageId + " has no URLs");
        }
        Objects.requireNonNull(declaredFormat);
        Objects.requireNonNull(checksum);
        Objects.requireNonNull(nodeUuid);
    }

    /** The {@code node=<uuid>} prefix for log lines, empty when the node is unknown. */
    public String logPrefix() {
        return nodeUuid.map(u -> "node=" + u + " ").orElse("");
    }

    @Override
    public String toString() {
        return "ImageRequest[" + imageId + ", urls=" + urls.stream().map(SafeUrl::redact).collect(Collectors.joining(", "))
                + ", format=" + declaredFormat + ", checksum=" + checksum + ", node=" + nodeUuid + "]";
    }
}
