package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.util.List;

/**
 * Erases a SCSI (SAS) drive with SANITIZE through sg3-utils: {@code sg_opcodes} tells which service
 * actions the device implements, {@code sg_sanitize --wait} runs the strongest (cryptographic
 * erase, block erase, overwrite with zeros) and returns when the device has finished.
 */
final class ScsiSanitizer {
    private final CommandRunner commands;
    private final EraseConfig config;

    ScsiSanitizer(CommandRunner commands, EraseConfig config) {
        this.commands = commands;
        this.config = config;
    }

    /** @param declined collects why each stronger service action was not used */
    SecureEraseOutcome erase(TargetDisk target, List<String> declined) {
        if (!commands.isAvailable("sg_opcodes") || !commands.isAvailable("sg_sanitize")) {
            return new SecureEraseOutcome.Declined("sg3-utils (sg_opcodes, sg_sanitize) not available");
        }
        String device = target.devicePath().toString();
        ScsiSanitize support;
        try {
            CommandResult opcodes = commands.run(List.of("sg_opcodes", "--no-inquiry", device), config.queryTimeout());
            if (!opcodes.succeeded()) {
                return new SecureEraseOutcome.Declined("sg_opcodes exited " + opcodes.exitCode() + ": "
                        + opcodes.stderr().strip() + " (not a SCSI device, or it does not report its commands)");
            }
            support = ScsiSanitize.parseOpcodes(opcodes.stdout());
        } catch (CommandException e) {
            return new SecureEraseOutcome.Declined(e.getMessage());
        }
        if (!support.any()) {
            return new SecureEraseOutcome.Declined("the device reports no SANITIZE service action");
        }
        String action;
        EraseMethod method;
        if (support.cryptoErase()) {
            action = "--crypto";
            method = EraseMethod.SCSI_SANITIZE_CRYPTO;
        } else {
            declined.add("SCSI SANITIZE, cryptographic erase: not offered");
            if (support.blockErase()) {
                action = "--block";
                method = EraseMethod.SCSI_SANITIZE_BLOCK;
            } else {
                declined.add("SCSI SANITIZE, block erase: not offered");
                action = "--overwrite --zero";
                method = EraseMethod.SCSI_SANITIZE_OVERWRITE;
            }
        }
        List<String> argv = new java.util.ArrayList<>(List.of("sg_sanitize", "--quick", "--wait"));
        argv.addAll(List.of(action.split(" ")));
        argv.add(device);
        String what = "sg_sanitize --quick --wait " + action;
        try {
            CommandResult result = commands.run(argv, config.firmwareEraseTimeout());
            if (!result.succeeded()) {
                return new SecureEraseOutcome.Failed(what + " exited " + result.exitCode() + ": "
                        + result.stderr().strip());
            }
        } catch (CommandException e) {
            return new SecureEraseOutcome.Failed(e.getMessage());
        }
        return new SecureEraseOutcome.Erased(method, List.of(what + " (" + method.technique() + ")"));
    }
}
