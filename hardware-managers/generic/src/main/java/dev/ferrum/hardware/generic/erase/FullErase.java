package dev.ferrum.hardware.generic.erase;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One disk's {@code erase_devices}: the drive's own erase first (NVMe format for NVMe namespaces,
 * ATA security erase otherwise, each unless disabled), then a verified overwrite when that
 * declined, or failed and the operator allowed falling back.
 */
final class FullErase {
    private final NvmeFormatter nvme;
    private final AtaSecureEraser ata;
    private final Overwriter overwriter;
    private final InstantSource clock;

    FullErase(NvmeFormatter nvme, AtaSecureEraser ata, Overwriter overwriter, InstantSource clock) {
        this.nvme = nvme;
        this.ata = ata;
        this.overwriter = overwriter;
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
        Optional<SecureEraseOutcome> firmware = firmwareErase(target, options, protectedSiblings, notes, tracker);
        if (firmware.isPresent()) {
            switch (firmware.get()) {
                case SecureEraseOutcome.Erased erased -> {
                    notes.addAll(erased.notes());
                    notes.add("not read back: the drive's own erase leaves no pattern Ferrum can check");
                    tracker.finish(ErasePhase.DONE);
                    long bytes = target.sysfsBytes() > 0 ? target.sysfsBytes() : target.disk().size();
                    return new DiskEraseReport(target.device(), erased.method(), DiskOutcome.ERASED, bytes,
                            since(start), false, Optional.empty(), Optional.empty(), List.of(), notes);
                }
                case SecureEraseOutcome.Declined declined -> notes.add("secure erase declined: " + declined.reason());
                case SecureEraseOutcome.Failed failed -> {
                    if (!options.continueIfSecureEraseFailed()) {
                        tracker.finish(ErasePhase.FAILED);
                        return DiskEraseReport.failed(target.device(), EraseMethod.SKIPPED, 0,
                                "secure erase failed: " + failed.reason() + "; set agent_continue_if_secure_erase_failed"
                                        + " to fall back to overwriting", since(start), notes);
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
                    since(start), notes);
        }
        tracker.finish(ErasePhase.DONE);
        return new DiskEraseReport(target.device(), EraseMethod.OVERWRITE, DiskOutcome.ERASED, result.deviceBytes(),
                since(start), true, Optional.empty(), Optional.empty(), List.of(), notes);
    }

    private Optional<SecureEraseOutcome> firmwareErase(TargetDisk target, EraseOptions options,
            List<String> protectedSiblings, List<String> notes, EraseProgress.Tracker tracker) {
        if (target.isNvme()) {
            if (!options.enableNvmeSecureErase()) {
                notes.add("NVMe secure erase disabled (agent_enable_nvme_secure_erase=false)");
                return Optional.empty();
            }
            tracker.enter(ErasePhase.SECURE_ERASE, 0);
            return Optional.of(nvme.erase(target, protectedSiblings));
        }
        if (!options.enableAtaSecureErase()) {
            notes.add("ATA secure erase disabled (agent_enable_ata_secure_erase=false)");
            return Optional.empty();
        }
        tracker.enter(ErasePhase.SECURE_ERASE, 0);
        return Optional.of(ata.erase(target));
    }

    private Duration since(Instant start) {
        return Duration.between(start, clock.instant());
    }
}
