package dev.ferrum.agent.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.image.WriteProgress;
import dev.ferrum.agent.image.writer.WriteResult;
import dev.ferrum.protocol.command.StepProgressReport;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The JSON the conductor sees for an image write: progress while it runs (bytes, total, rate,
 * ETA — what an operator watches) and the result when done. Durations become seconds, names
 * lower-case, so any JSON client reads them without Java's types.
 */
final class WriteReports {
    private WriteReports() {
    }

    static ObjectNode progress(ObjectMapper json, WriteProgress progress) {
        return json.valueToTree(new StepProgressReport(progress.phase().name().toLowerCase(Locale.ROOT),
                progress.bytesDownloaded(), progress.bytesWritten(),
                progress.totalBytes().isPresent() ? Optional.of(progress.totalBytes().getAsLong()) : Optional.empty(),
                Math.round(progress.bytesPerSecond()), progress.eta().map(Duration::toSeconds), progress.resumes()));
    }

    static ObjectNode result(ObjectMapper json, WriteResult result) {
        ObjectNode node = json.createObjectNode();
        node.put("image_id", result.imageId());
        node.put("url", result.url());
        node.put("format", result.format().name().toLowerCase(Locale.ROOT));
        node.put("checksum_algorithm", result.algorithm().name().toLowerCase(Locale.ROOT));
        node.put("checksum", result.checksum());
        node.put("bytes_downloaded", result.bytesDownloaded());
        node.put("image_size", result.imageSize());
        node.put("bytes_written", result.bytesWritten());
        node.put("resumes", result.resumes());
        node.put("elapsed_seconds", result.elapsed().toMillis() / 1000.0);
        return node;
    }
}
