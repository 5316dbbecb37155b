package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * Erases an NVMe drive with the Sanitize command through nvme-cli, choosing the strongest action
 * SANICAP offers (cryptographic erase, then block erase, then overwrite) and noting why each
 * stronger one was passed over; then polls the Sanitize Status log until the drive finishes.
 * Sanitize always covers the whole NVM subsystem, so it declines when another namespace must be kept.
 */
final class NvmeSanitizer {
    private final CommandRunner commands;
    private final EraseConfig config;
    private final SanitizePoller poller;

    NvmeSanitizer(CommandRunner commands, EraseConfig config, SanitizePoller poller) {
        this.commands = commands;
        this.config = config;
        this.poller = poller;
    }

    /** @param declined collects why each stronger sanitize action was not used */
    SecureEraseOutcome erase(TargetDisk target, NvmeController controller, List<String> protectedSiblings,
            List<String> declined) {
        if (controller.sanicap() == 0) {
            return new SecureEraseOutcome.Declined("the controller offers no Sanitize action (SANICAP 0)");
        }
        if (!protectedSiblings.isEmpty()) {
            return new SecureEraseOutcome.Declined("Sanitize erases every namespace of the controller, also "
                    + protectedSiblings + ", which must be kept");
        }
        int action;
        EraseMethod method;
        if (controller.sanitizeCryptoSupported()) {
            action = 4;
            method = EraseMethod.NVME_SANITIZE_CRYPTO;
        } else {
            declined.add("NVMe Sanitize, cryptographic erase: not offered (SANICAP bit 0 clear)");
            if (controller.sanitizeBlockEraseSupported()) {
                action = 2;
                method = EraseMethod.NVME_SANITIZE_BLOCK;
            } else {
                declined.add("NVMe Sanitize, block erase: not offered (SANICAP bit 1 clear)");
                action = 3;
                method = EraseMethod.NVME_SANITIZE_OVERWRITE;
            }
        }
        String device = target.devicePath().toString();
        List<String> argv = new ArrayList<>(List.of("nvme", "sanitize", device, "--sanact=" + action));
        if (action == 3) {
            argv.add("--ovrpat=0");
        }
        String what = String.join(" ", argv.subList(0, 2)) + " " + String.join(" ", argv.subList(3, argv.size()));
        List<String> notes = new ArrayList<>();
        notes.add(what + " (" + method.technique() + ")");
        try {
            CommandResult started = commands.run(argv, config.queryTimeout());
            if (!started.succeeded()) {
                return new SecureEraseOutcome.Failed(what + " exited " + started.exitCode() + ": "
                        + started.stderr().strip());
            }
        } catch (CommandException e) {
            return new SecureEraseOutcome.Failed(e.getMessage());
        }
        return poller.await(() -> status(device), method, what, notes);
    }

    private SanitizeState status(String device) {
        List<String> argv = List.of("nvme", "sanitize-log", device, "-o", "json");
        try {
            CommandResult log = commands.run(argv, config.queryTimeout());
            if (!log.succeeded()) {
                throw new DiskEraseException("nvme sanitize-log exited " + log.exitCode() + ": " + log.stderr().strip());
            }
            return NvmeSanitizeLog.parseJson(log.stdout()).state();
        } catch (CommandException e) {
            throw new DiskEraseException(e.getMessage(), e);
        }
    }
}
