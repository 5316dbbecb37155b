package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Erases an ATA drive with SECURITY ERASE UNIT through hdparm: read the security state, decline
 * when unsupported or frozen, set a temporary user password, erase (enhanced when supported),
 * and check the drive dropped the password. Whenever the erase fails after the password was set,
 * it removes the password again so the drive is not left locked for the next tenant or attempt.
 */
final class AtaSecureEraser {
    private final CommandRunner commands;
    private final EraseConfig config;

    AtaSecureEraser(CommandRunner commands, EraseConfig config) {
        this.commands = commands;
        this.config = config;
    }

    /** @param identify what {@code hdparm -I} printed for the drive just before */
    SecureEraseOutcome erase(TargetDisk target, String identify) {
        String device = target.devicePath().toString();
        AtaSecurity security = AtaSecurity.parseHdparm(identify);
        if (!security.supported()) {
            return new SecureEraseOutcome.Declined("ATA security feature set not supported");
        }
        if (security.frozen()) {
            return new SecureEraseOutcome.Declined("ATA security is frozen (firmware froze it at boot; a"
                    + " suspend/resume or hot-plug can unfreeze it)");
        }
        List<String> notes = new ArrayList<>();
        if (security.locked()) {
            // A previous attempt (ours or IPA's, same password) may have left it locked.
            hdparm(notes, "--security-unlock", device);
            try {
                security = query(device);
            } catch (DiskEraseException e) {
                return new SecureEraseOutcome.Failed("cannot read the security state after unlocking: "
                        + e.getMessage());
            }
            if (security.locked()) {
                return new SecureEraseOutcome.Failed("drive is locked with a password Ferrum did not set;"
                        + " unlock it with the owner's password");
            }
        }
        // From here a password of ours is (or may be) on the drive: every failure removes it.
        if (!security.enabled()) {
            Optional<String> setFailure = hdparm(notes, "--security-set-pass", device);
            if (setFailure.isPresent()) {
                return failAndCleanUp(device, notes, "setting the temporary password failed: " + setFailure.get());
            }
        }
        boolean enhanced = security.enhancedEraseSupported();
        Duration timeout = eraseTimeout(enhanced ? security.enhancedEraseTime() : security.eraseTime());
        Optional<String> eraseFailure = hdparm(notes, enhanced ? "--security-erase-enhanced" : "--security-erase",
                device, timeout);
        if (eraseFailure.isPresent()) {
            return failAndCleanUp(device, notes, "security erase failed: " + eraseFailure.get());
        }
        try {
            if (query(device).enabled()) {
                return failAndCleanUp(device, notes, "the drive still has a password after the erase");
            }
        } catch (DiskEraseException e) {
            return failAndCleanUp(device, notes, "cannot confirm the erase: " + e.getMessage());
        }
        return new SecureEraseOutcome.Erased(enhanced ? EraseMethod.ATA_ENHANCED_SECURE : EraseMethod.ATA_SECURE,
                notes);
    }

    private SecureEraseOutcome failAndCleanUp(String device, List<String> notes, String problem) {
        return new SecureEraseOutcome.Failed(problem + "; " + removePassword(device, notes));
    }

    private String removePassword(String device, List<String> notes) {
        Optional<String> disable = hdparm(notes, "--security-disable", device);
        if (disable.isPresent()) {
            // A drive that power-cycled mid-erase comes back locked and refuses disable until unlocked.
            hdparm(notes, "--security-unlock", device);
            disable = hdparm(notes, "--security-disable", device);
        }
        try {
            if (disable.isEmpty() && !query(device).enabled()) {
                return "temporary password removed";
            }
        } catch (DiskEraseException e) {
            return "could not confirm the temporary password '" + config.ataPassword() + "' was removed: "
                    + e.getMessage();
        }
        return "could not remove the temporary password '" + config.ataPassword() + "' ("
                + disable.orElse("the drive still reports a password") + "); remove it with hdparm --user-master u"
                + " --security-disable " + config.ataPassword() + " " + device;
    }

    private Duration eraseTimeout(Optional<Duration> estimate) {
        // The drive's estimate is often low for big disks; never wait less than the configured bound.
        Duration doubled = estimate.map(e -> e.multipliedBy(2)).orElse(Duration.ZERO);
        return doubled.compareTo(config.firmwareEraseTimeout()) > 0 ? doubled : config.firmwareEraseTimeout();
    }

    private AtaSecurity query(String device) {
        return AtaSecurity.parseHdparm(identify(device, commands, config));
    }

    /**
     * The output of {@code hdparm -I}; {@link DiskEraseException} when hdparm cannot identify the
     * drive (not an ATA device: virtio, SAS, a USB bridge).
     */
    static String identify(String device, CommandRunner commands, EraseConfig config) {
        List<String> argv = List.of("hdparm", "-I", device);
        CommandResult result;
        try {
            result = commands.run(argv, config.queryTimeout());
        } catch (CommandException e) {
            throw new DiskEraseException(e.getMessage(), e);
        }
        if (!result.succeeded()) {
            throw new DiskEraseException("hdparm -I exited " + result.exitCode() + ": " + result.stderr().strip());
        }
        return result.stdout();
    }

    private Optional<String> hdparm(List<String> notes, String action, String device) {
        return hdparm(notes, action, device, config.queryTimeout());
    }

    /** Runs one security command; the problem when it failed, empty when it worked. */
    private Optional<String> hdparm(List<String> notes, String action, String device, Duration timeout) {
        List<String> argv = List.of("hdparm", "--user-master", "u", action, config.ataPassword(), device);
        notes.add("hdparm " + action);
        try {
            CommandResult result = commands.run(argv, timeout);
            if (result.succeeded()) {
                return Optional.empty();
            }
            return Optional.of("hdparm " + action + " exited " + result.exitCode() + ": " + result.stderr().strip());
        } catch (CommandException e) {
            return Optional.of(e.getMessage());
        }
    }
}
