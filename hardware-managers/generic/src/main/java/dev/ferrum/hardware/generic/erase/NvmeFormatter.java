package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.util.List;

/**
 * Erases an NVMe namespace with Format NVM through nvme-cli, as IPA does: cryptographic erase
 * ({@code -s 2}) when FNA says the controller supports it, else user-data erase ({@code -s 1}).
 * It declines when a format would also wipe sibling namespaces that must be kept.
 */
final class NvmeFormatter {
    private final CommandRunner commands;
    private final EraseConfig config;

    NvmeFormatter(CommandRunner commands, EraseConfig config) {
        this.commands = commands;
        this.config = config;
    }

    /** Reads the controller's capabilities with {@code nvme id-ctrl}; {@link DiskEraseException} when it cannot. */
    NvmeController identify(TargetDisk target) {
        try {
            CommandResult idCtrl = commands.run(List.of("nvme", "id-ctrl", target.devicePath().toString(), "-o",
                    "json"), config.queryTimeout());
            if (!idCtrl.succeeded()) {
                throw new DiskEraseException("nvme id-ctrl exited " + idCtrl.exitCode() + ": "
                        + idCtrl.stderr().strip());
            }
            return NvmeController.parseIdCtrlJson(idCtrl.stdout());
        } catch (CommandException e) {
            throw new DiskEraseException(e.getMessage(), e);
        }
    }

    /**
     * @param protectedSiblings other namespaces of the same controller that this erase must not touch
     */
    SecureEraseOutcome erase(TargetDisk target, NvmeController controller, List<String> protectedSiblings) {
        String device = target.devicePath().toString();
        if (!controller.formatSupported()) {
            return new SecureEraseOutcome.Declined("controller does not support Format NVM (OACS bit 1 clear)");
        }
        if (controller.eraseSpansAllNamespaces() && !protectedSiblings.isEmpty()) {
            return new SecureEraseOutcome.Declined("a format would also erase " + protectedSiblings
                    + " (FNA: format/erase applies to all namespaces), which must be kept");
        }
        boolean crypto = controller.cryptoEraseSupported();
        String mode = crypto ? "2" : "1";
        List<String> argv = List.of("nvme", "format", device, "-s", mode, "-f");
        try {
            CommandResult format = commands.run(argv, config.firmwareEraseTimeout());
            if (!format.succeeded()) {
                return new SecureEraseOutcome.Failed("nvme format -s " + mode + " exited " + format.exitCode() + ": "
                        + format.stderr().strip());
            }
        } catch (CommandException e) {
            return new SecureEraseOutcome.Failed(e.getMessage());
        }
        return new SecureEraseOutcome.Erased(crypto ? EraseMethod.NVME_CRYPTO : EraseMethod.NVME_USER_DATA,
                List.of("nvme format -s " + mode + (crypto ? " (cryptographic erase)" : " (user data erase)")));
    }
}
