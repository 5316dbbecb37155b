package dev.ferrum.hardware.generic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.erase.DiskEraser;
import dev.ferrum.hardware.generic.erase.EraseConfig;
import dev.ferrum.hardware.generic.erase.EraseOptions;
import dev.ferrum.hardware.generic.erase.EraseProgress;
import dev.ferrum.hardware.generic.erase.EraseReport;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepRequest;
import dev.ferrum.protocol.erase.EraseCertificates;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.json.WireJson;
import dev.ferrum.protocol.step.Step;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The generic manager's steps, with IPA's names and priorities: {@code erase_devices_metadata}
 * (clean priority 99, also a deploy step at 0) and {@code erase_devices} (clean priority 10). Both
 * erase every local disk the safety gate clears and report per disk; a step with any failed disk
 * fails with the report's summary. {@code erase_devices} also returns a signed erase certificate
 * per erased disk ({@code erase_certificates}) and the key that signed them ({@code erase_signing_key}).
 */
final class EraseSteps {
    static final int METADATA_PRIORITY = 99;
    static final int ERASE_PRIORITY = 10;

    private final ObjectMapper json = WireJson.newMapper();
    private final BiFunction<StepRequest, EraseConfig, DiskEraser> erasers;
    private final EraseConfig config;
    private final EraseCertificateIssuer issuer;

    /**
     * @param erasers makes the eraser for a request's machine (tests substitute device access)
     * @param issuer signs the certificates {@code erase_devices} returns
     */
    EraseSteps(BiFunction<StepRequest, EraseConfig, DiskEraser> erasers, EraseConfig config,
            EraseCertificateIssuer issuer) {
        this.erasers = erasers;
        this.config = config;
        this.issuer = issuer;
    }

    /** Real devices, and a signing key made now for this agent process. */
    static EraseSteps forRealDevices() {
        String version = Optional.ofNullable(EraseSteps.class.getPackage().getImplementationVersion())
                .map(v -> "ferrum-agent " + v).orElse("ferrum-agent (development build)");
        return new EraseSteps((request, config) -> DiskEraser.forMachine(request.machine(), config),
                EraseConfig.DEFAULTS, new EraseCertificateIssuer(EraseCertificates.newKeyPair(), version));
    }

    List<Step> steps(StepKind kind) {
        return switch (kind) {
            case CLEAN -> List.of(abortable(DiskEraser.ERASE_STEP, ERASE_PRIORITY),
                    abortable(DiskEraser.METADATA_STEP, METADATA_PRIORITY));
            case DEPLOY -> List.of(abortable(DiskEraser.METADATA_STEP, 0));
        };
    }

    JsonNode execute(String stepName, StepRequest request) {
        EraseOptions options = EraseOptions.fromNode(request.node());
        List<Disk> disks = BlockDeviceReader.read(request.machine());
        EraseProgress progress = new EraseProgress();
        request.progress().follow(() -> json.valueToTree(progress.snapshot()));
        DiskEraser eraser = erasers.apply(request, config);
        EraseReport report = switch (stepName) {
            case DiskEraser.METADATA_STEP -> eraser.eraseDevicesMetadata(disks, options, progress);
            case DiskEraser.ERASE_STEP -> eraser.eraseDevices(disks, options, progress);
            default -> throw new HardwareManagerException("the generic manager offers no step '" + stepName + "'");
        };
        if (!report.succeeded()) {
            throw new HardwareManagerException(report.summary());
        }
        ObjectNode result = json.valueToTree(report);
        if (stepName.equals(DiskEraser.ERASE_STEP)) {
            // The conductor keeps these on the node and checks them against the key named here.
            result.put("erase_signing_key", issuer.publicKey());
            ArrayNode certificates = result.putArray("erase_certificates");
            issuer.issue(request.node().path("uuid").asText(""), disks, report.disks()).forEach(certificates::add);
        }
        return result;
    }

    private static Step abortable(String name, int priority) {
        return new Step(name, priority, "deploy", false, true, null);
    }
}
