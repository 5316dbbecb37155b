package dev.ferrum.hardware.generic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.erase.CertifiedEraseReport;
import dev.ferrum.hardware.generic.erase.DiskEraser;
import dev.ferrum.hardware.generic.erase.EraseConfig;
import dev.ferrum.hardware.generic.erase.EraseOptions;
import dev.ferrum.hardware.generic.erase.EraseProgress;
import dev.ferrum.hardware.generic.erase.EraseReport;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoArguments;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepContext;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.protocol.erase.EraseCertificates;
import dev.ferrum.protocol.inventory.Disk;
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

    private final BiFunction<MachineContext, EraseConfig, DiskEraser> erasers;
    private final EraseConfig config;
    private final EraseCertificateIssuer issuer;
    private final Step<NoArguments, EraseReport> eraseMetadata;
    private final Step<NoArguments, CertifiedEraseReport> eraseDevices;

    /**
     * @param erasers makes the eraser for a step's machine (tests substitute device access)
     * @param issuer signs the certificates {@code erase_devices} returns
     */
    EraseSteps(BiFunction<MachineContext, EraseConfig, DiskEraser> erasers, EraseConfig config,
            EraseCertificateIssuer issuer) {
        this.erasers = erasers;
        this.config = config;
        this.issuer = issuer;
        // Both may be interrupted: the conductor's abort stops them between disks.
        this.eraseMetadata = Step.withoutArguments(DiskEraser.METADATA_STEP, METADATA_PRIORITY, this::eraseMetadata)
                .interruptible();
        this.eraseDevices = Step.withoutArguments(DiskEraser.ERASE_STEP, ERASE_PRIORITY, this::eraseDevices)
                .interruptible();
    }

    /** Real devices, and a signing key for this agent process, made at its first erase. */
    static EraseSteps forRealDevices() {
        String version = Optional.ofNullable(EraseSteps.class.getPackage().getImplementationVersion())
                .map(v -> "ferrum-agent " + v).orElse("ferrum-agent (development build)");
        return new EraseSteps(DiskEraser::forMachine, EraseConfig.DEFAULTS,
                new EraseCertificateIssuer(EraseCertificates::newKeyPair, version));
    }

    List<Step<?, ?>> steps(StepKind kind) {
        return switch (kind) {
            case CLEAN -> List.of(eraseDevices, eraseMetadata);
            // IPA offers the metadata erase as a deploy step too, run only when asked for.
            case DEPLOY -> List.of(eraseMetadata.atPriority(0));
            // Erasing a tenant's disks is never a service step (IPA offers none): servicing keeps the instance.
            case SERVICE -> List.of();
        };
    }

    private EraseReport eraseMetadata(StepContext context) {
        return erase(context, (eraser, disks, options, progress) ->
                eraser.eraseDevicesMetadata(disks, options, progress)).report();
    }

    private CertifiedEraseReport eraseDevices(StepContext context) {
        Erased erased = erase(context, (eraser, disks, options, progress) ->
                eraser.eraseDevices(disks, options, progress));
        return new CertifiedEraseReport(erased.report(), issuer.publicKey(),
                issuer.issue(context.node().uuid(), erased.disks(), erased.report().disks()));
    }

    private Erased erase(StepContext context, Engine engine) {
        // The node's erase knobs keep IPA's lenient reading ("True" strings, say), so the generic
        // manager reads the node document whole rather than field by field.
        EraseOptions options = EraseOptions.fromNode(context.node().as(JsonNode.class));
        List<Disk> disks = BlockDeviceReader.read(context.machine());
        EraseProgress progress = new EraseProgress();
        context.progress().follow(progress::snapshot);
        EraseReport report = engine.run(erasers.apply(context.machine(), config), disks, options, progress);
        if (!report.succeeded()) {
            throw new HardwareManagerException(report.summary());
        }
        return new Erased(report, disks);
    }

    private record Erased(EraseReport report, List<Disk> disks) {
    }

    @FunctionalInterface
    private interface Engine {
        EraseReport run(DiskEraser eraser, List<Disk> disks, EraseOptions options, EraseProgress progress);
    }
}
