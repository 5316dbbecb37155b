package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.BufferMeter.MemoryUse;
import dev.ferrum.agent.image.HashAlgorithm;
import java.time.Duration;
import java.util.Objects;

/**
 * A verified, synced image write; only returned when the checksum matched and the data is on stable
 * storage.
 *
 * @param imageId         Ironic's image id
 * @param url             the URL the image came from, without query or userinfo
 * @param format          what the content was (RAW, QCOW2, or the compression of a raw image)
 * @param algorithm       the checksum algorithm verified
 * @param checksum        the verified digest, lower-case hex
 * @param bytesDownloaded length of the published file
 * @param imageSize       bytes of disk the image describes (raw length, or qcow2 virtual size)
 * @param bytesWritten    bytes actually written to the target (skipped zeros not counted)
 * @param resumes         reconnections during the download
 * @param elapsed         time taken, by the writer's clock
 * @param memory          the writer's own buffers and map
 */
public record WriteResult(String imageId, String url, ContentFormat format, HashAlgorithm algorithm, String checksum,
        long bytesDownloaded, long imageSize, long bytesWritten, int resumes, Duration elapsed, MemoryUse memory) {

    public WriteResult {
        Objects.requireNonNull(imageId);
        Objects.requireNonNull(url);
        Objects.requireNonNull(format);
        Objects.requireNonNull(algorithm);
        Objects.requireNonNull(checksum);
        Objects.requireNonNull(elapsed);
        Objects.requireNonNull(memory);
    }
}
