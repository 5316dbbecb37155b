package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandRunner;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One disk's {@code erase_devices}. The drive's own erase is chosen by capability, strongest first:
 * Sanitize (NVMe, else ATA, else SCSI; crypto erase, block erase, overwrite), then NVMe format or
 * ATA security erase, each unless disabled; a verified overwrite follows when all declined, or when
 * one failed and the operator allowed falling back. Whatever ran, seeded samples hashed before the
 * erase are read back after it, and a disk whose read-back fails is failed.
 */
final class FullErase {
    private final CommandRunner commands;
    private final EraseConfig config;
    private final NvmeSanitizer nvmeSanitizer;
    private final NvmeFormatter nvme;
    private final AtaSanitizer ataSanitizer;
    private final AtaSecureEraser ata;
    private final ScsiSanitizer scsi;
    private final Overwriter overwriter;
    private final ReadBack readBack;
    private final InstantSource clock;

    FullErase(CommandRunner commands, EraseConfig config, DeviceOpener opener, InstantSource clock) {
        this.commands = commands;
        this.config = config;
        SanitizePoller poller = new SanitizePoller(clock, config);
        this.nvmeSanitizer = new NvmeSanitizer(commands, config, poller);
        this.nvme = new NvmeFormatter(commands, config);
        this.ataSanitizer = new AtaSanitizer(commands, config, poller);
        this.ata = new AtaSecureEraser(commands, config);
        this.scsi = new ScsiSanitizer(commands, config);
        this.overwriter = new Overwriter(opener, config);
        this.readBack = new ReadBack(opener, config);
        this.clock = clock;
    }

    /**
     * Erases {@code target}; never throws for the disk's own failures, which land in the report.
     *
     * @param protectedSiblings namespaces of the same NVMe controller that must not be formatted
     */
    DiskEraseReport erase(TargetDisk target, EraseOptions options, List<String> protectedSiblings,
            RandomGenerator random, EraseProgress.Tracker tracker) throws IOException {
        Instant start = clock.instant();
        List<String> notes = new ArrayList<>();
        List<String> declined = new ArrayList<>();
        ReadBack.Plan samples = readBack.before(target.devicePath(), target.sysfsBytes(), random.nextLong());
        Optional<SecureEraseOutcome> firmware = firmwareErase(target, options, protectedSiblings, declined, tracker);
        if (firmware.isPresent()) {
            switch (firmware.get()) {
                case SecureEraseOutcome.Erased erased -> {
                    notes.addAll(erased.notes());
                    long bytes = target.sysfsBytes() > 0 ? target.sysfsBytes() : target.disk().size();
                    tracker.enter(ErasePhase.VERIFYING, 0);
                    ReadBackVerification proof = readBack.after(samples, erased.method().expectation(),
                            Optional.empty());
                    return finish(target, erased.method(), bytes, start, notes, declined, proof, tracker);
                }
                case SecureEraseOutcome.Declined ignored -> {
                    // every declined method is already in the list, with its reason
                }
                case SecureEraseOutcome.Failed failed -> {
                    if (!options.continueIfSecureEraseFailed()) {
                        tracker.finish(ErasePhase.FAILED);
                        return DiskEraseReport.failed(target.device(), EraseMethod.SKIPPED, 0,
                                "secure erase failed: " + failed.reason() + "; set agent_continue_if_secure_erase_failed"
                                        + " to fall back to overwriting", since(start), notes, start)
                                .withProof(declined, Optional.empty());
                    }
                    notes.add("secure erase failed, overwriting instead: " + failed.reason());
                }
            }
        }
        Overwriter.Result result = overwriter.overwrite(target.devicePath(), target.sysfsBytes(),
                options.randomPasses(), options.zeroize(), random, tracker);
        notes.add(result.passes() + " pass(es): " + options.randomPasses() + " random"
                + (options.zeroize() ? " + zeros" : ""));
        if (!result.verified()) {
            tracker.finish(ErasePhase.FAILED);
            return DiskEraseReport.failed(target.device(), EraseMethod.OVERWRITE, result.deviceBytes(),
                    "overwrite not verified: " + result.verifyFailure().orElse("unknown")
                            + "; the drive may be failing, replace it or erase it by other means",
                    since(start), notes, start).withProof(declined, Optional.empty());
        }
        ReadBackVerification proof = readBack.after(samples, ReadBackExpectation.PATTERN,
                Optional.of(result.lastPass()));
        return finish(target, EraseMethod.OVERWRITE, result.deviceBytes(), start, notes, declined, proof, tracker);
    }

    private DiskEraseReport finish(TargetDisk target, EraseMethod method, long bytes, Instant start,
            List<String> notes, List<String> declined, ReadBackVerification proof, EraseProgress.Tracker tracker) {
        if (!proof.passed()) {
            tracker.finish(ErasePhase.FAILED);
            return DiskEraseReport.failed(target.device(), method, bytes, "read-back after " + method.technique()
                    + " failed: " + proof.detail() + "; the data may still be on the drive, erase it by other"
                    + " means or destroy it", since(start), notes, start).withProof(declined, Optional.of(proof));
        }
        tracker.finish(ErasePhase.DONE);
        return new DiskEraseReport(target.device(), method, DiskOutcome.ERASED, bytes, since(start), true,
                Optional.empty(), Optional.empty(), List.of(), notes, declined, Optional.of(proof), start);
    }

    /** Tries the drive's own methods, strongest first; empty when none applies (all reasons in {@code declined}). */
    private Optional<SecureEraseOutcome> firmwareErase(TargetDisk target, EraseOptions options,
            List<String> protectedSiblings, List<String> declined, EraseProgress.Tracker tracker) {
        if (target.isNvme()) {
            if (!options.enableNvmeSecureErase()) {
                declined.add("NVMe Sanitize and Format: disabled (agent_enable_nvme_secure_erase=false)");
                return Optional.empty();
            }
            if (!commands.isAvailable("nvme")) {
                declined.add("NVMe Sanitize and Format: nvme CLI not available");
                return Optional.empty();
            }
            tracker.enter(ErasePhase.SECURE_ERASE, 0);
            NvmeController controller;
            try {
                controller = nvme.identify(target);
            } catch (DiskEraseException e) {
                return Optional.of(new SecureEraseOutcome.Failed("cannot read NVMe capabilities: " + e.getMessage()));
            }
            SecureEraseOutcome sanitized = nvmeSanitizer.erase(target, controller, protectedSiblings, declined);
            if (!(sanitized instanceof SecureEraseOutcome.Declined no)) {
                return Optional.of(sanitized);
            }
            declined.add("NVMe Sanitize: " + no.reason());
            return orDeclined(nvme.erase(target, controller, protectedSiblings), "NVMe Format", declined);
        }
        if (!options.enableAtaSecureErase()) {
            declined.add("ATA/SCSI Sanitize and ATA secure erase: disabled (agent_enable_ata_secure_erase=false)");
            return Optional.empty();
        }
        tracker.enter(ErasePhase.SECURE_ERASE, 0);
        Optional<String> identify = Optional.empty();
        if (commands.isAvailable("hdparm")) {
            try {
                identify = Optional.of(AtaSecureEraser.identify(target.devicePath().toString(), commands, config));
            } catch (DiskEraseException e) {
                declined.add("ATA Sanitize and secure erase: " + e.getMessage());
            }
        } else {
            declined.add("ATA Sanitize and secure erase: hdparm not available");
        }
        if (identify.isPresent()) {
            SecureEraseOutcome sanitized = ataSanitizer.erase(target, identify.get(), declined);
            if (!(sanitized instanceof SecureEraseOutcome.Declined no)) {
                return Optional.of(sanitized);
            }
            declined.add("ATA Sanitize: " + no.reason());
        }
        SecureEraseOutcome scsiSanitized = scsi.erase(target, declined);
        if (!(scsiSanitized instanceof SecureEraseOutcome.Declined noScsi)) {
            return Optional.of(scsiSanitized);
        }
        declined.add("SCSI Sanitize: " + noScsi.reason());
        if (identify.isEmpty()) {
            return Optional.empty();
        }
        return orDeclined(ata.erase(target, identify.get()), "ATA secure erase", declined);
    }

    private static Optional<SecureEraseOutcome> orDeclined(SecureEraseOutcome outcome, String what,
            List<String> declined) {
        if (outcome instanceof SecureEraseOutcome.Declined no) {
            declined.add(what + ": " + no.reason());
            return Optional.empty();
        }
        return Optional.of(outcome);
    }

    private Duration since(Instant start) {
        return Duration.between(start, clock.instant());
    }
}
