package dev.ferrum.protocol.erase;

import java.util.List;
import java.util.Objects;

/**
 * One disk's record of sanitization with the fields NIST SP 800-88 Rev. 1 (Appendix G) asks a
 * certificate to carry: the media (manufacturer, model, serial, capacity, type), the method
 * category ({@code CLEAR} or {@code PURGE}) and technique with the tool that ran it, how the
 * result was verified and what verification found, when it ran, the outcome, and who performed
 * it (the agent, by its public key, on the node). Values are strings, whole numbers and booleans
 * only, so the canonical form {@link EraseCertificates} signs is unambiguous.
 */
public record EraseCertificate(
        String id,
        String nodeUuid,
        Media media,
        Sanitization sanitization,
        Verification verification,
        String startedAt,
        String endedAt,
        String outcome,
        String performedBy,
        String agentPublicKey) {

    /** The sanitized device as the agent saw it; {@code mediaType} is {@code HDD}, {@code SSD} or {@code NVMe SSD}. */
    public record Media(String device, String manufacturer, String model, String serial, long capacityBytes,
            String mediaType) {
        public Media {
            Objects.requireNonNull(device, "device");
            Objects.requireNonNull(manufacturer, "manufacturer");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(serial, "serial");
            Objects.requireNonNull(mediaType, "mediaType");
        }
    }

    /**
     * The method: {@code category} is SP 800-88's {@code CLEAR} or {@code PURGE}, {@code technique}
     * what was done (e.g. "NVMe Sanitize, cryptographic erase"), {@code method} Ferrum's name for it,
     * {@code tool} the command line, {@code declined} the stronger methods passed over and why.
     */
    public record Sanitization(String category, String technique, String method, String tool, String toolVersion,
            List<String> declined) {
        public Sanitization {
            Objects.requireNonNull(category, "category");
            Objects.requireNonNull(technique, "technique");
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(toolVersion, "toolVersion");
            declined = List.copyOf(Objects.requireNonNull(declined, "declined"));
        }
    }

    /**
     * How the erase was checked: {@code method} (SP 800-88's "quick sampling"), the seed that chose the
     * sampled offsets, how many blocks of how many bytes, what each block had to look like
     * ({@code expected}), and {@code result} {@code PASSED} or {@code FAILED} with {@code detail}.
     */
    public record Verification(String method, String seed, int samples, int blockBytes, String expected,
            String result, String detail) {
        public Verification {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(seed, "seed");
            Objects.requireNonNull(expected, "expected");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(detail, "detail");
        }
    }

    public EraseCertificate {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(media, "media");
        Objects.requireNonNull(sanitization, "sanitization");
        Objects.requireNonNull(verification, "verification");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(endedAt, "endedAt");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(performedBy, "performedBy");
        Objects.requireNonNull(agentPublicKey, "agentPublicKey");
    }
}
