package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What {@code erase_devices} reports: the erase report's fields, the signed NIST SP 800-88
 * certificate of every erased disk, and the public key that signed them (the conductor keeps the
 * certificates on the node and checks them against that key).
 */
public record CertifiedEraseReport(
        @JsonUnwrapped EraseReport report,
        String eraseSigningKey,
        List<ObjectNode> eraseCertificates) {

    public CertifiedEraseReport {
        eraseCertificates = List.copyOf(eraseCertificates);
    }
}
