package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * Erases an ATA drive with the SANITIZE feature set through hdparm, choosing crypto scramble,
 * then block erase, then overwrite (zeros) by what {@code hdparm -I} lists, and polling
 * {@code hdparm --sanitize-status} until the drive finishes. Declines while sanitize is frozen.
 */
final class AtaSanitizer {
    private static final String CONFIRM = "--yes-i-know-what-i-am-doing";

    private final CommandRunner commands;
    private final EraseConfig config;
    private final SanitizePoller poller;

    AtaSanitizer(CommandRunner commands, EraseConfig config, SanitizePoller poller) {
        this.commands = commands;
        this.config = config;
        this.poller = poller;
    }

    /**
     * @param identify the output of {@code hdparm -I} already read for this drive
     * @param declined collects why each stronger sanitize command was not used
     */
    SecureEraseOutcome erase(TargetDisk target, String identify, List<String> declined) {
        AtaSanitize support = AtaSanitize.parseHdparm(identify);
        if (!support.supported()) {
            return new SecureEraseOutcome.Declined("hdparm -I lists no SANITIZE feature set");
        }
        String device = target.devicePath().toString();
        String option;
        EraseMethod method;
        List<String> extra = new ArrayList<>();
        if (support.cryptoScramble()) {
            option = "--sanitize-crypto-scramble";
            method = EraseMethod.ATA_SANITIZE_CRYPTO;
        } else {
            declined.add("ATA SANITIZE, crypto scramble: not offered (no CRYPTO_SCRAMBLE_EXT)");
            if (support.blockErase()) {
                option = "--sanitize-block-erase";
                method = EraseMethod.ATA_SANITIZE_BLOCK;
            } else {
                declined.add("ATA SANITIZE, block erase: not offered (no BLOCK_ERASE_EXT)");
                if (!support.overwrite()) {
                    return new SecureEraseOutcome.Declined("the SANITIZE feature set lists no erase command");
                }
                option = "--sanitize-overwrite";
                extra.add("hex:00000000");
                method = EraseMethod.ATA_SANITIZE_OVERWRITE;
            }
        }
        try {
            if (AtaSanitize.frozen(statusText(device))) {
                return new SecureEraseOutcome.Declined("ATA sanitize is frozen (firmware froze it at boot; a power"
                        + " cycle clears it)");
            }
        } catch (DiskEraseException e) {
            return new SecureEraseOutcome.Declined("cannot read the sanitize status: " + e.getMessage());
        }
        List<String> argv = new ArrayList<>(List.of("hdparm", CONFIRM, option));
        argv.addAll(extra);
        argv.add(device);
        String what = "hdparm " + option + (extra.isEmpty() ? "" : " " + String.join(" ", extra));
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
        return poller.await(() -> AtaSanitize.parseStatus(statusText(device)), method, what, notes);
    }

    private String statusText(String device) {
        List<String> argv = List.of("hdparm", "--sanitize-status", device);
        try {
            CommandResult result = commands.run(argv, config.queryTimeout());
            if (!result.succeeded()) {
                throw new DiskEraseException("hdparm --sanitize-status exited " + result.exitCode() + ": "
                        + result.stderr().strip());
            }
            return result.stdout();
        } catch (CommandException e) {
            throw new DiskEraseException(e.getMessage(), e);
        }
    }
}
