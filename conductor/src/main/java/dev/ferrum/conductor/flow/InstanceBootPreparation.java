package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.InstanceBootSettings;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.BootTarget;
import dev.ferrum.conductor.driver.boot.NetbootInstance;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.image.InstallBootloaderParams;
import dev.ferrum.protocol.image.PartitionUuidsResult;
import java.util.Optional;

/**
 * Ironic's {@code deploy.prepare_instance_boot} for the agent deploy, in its two halves: while the
 * agent still runs, a partition image that boots from its disk gets its bootloader installed by the
 * agent; once the ramdisk is gone, the node is set to boot the instance: from its disk, or for a
 * partition image with {@code boot_option: netboot} through the boot interface's network boot of
 * the image's kernel and ramdisk with {@code root=UUID=} of the root the agent reported.
 * Whole-disk images bring their own bootloader and only get the boot device, except on software RAID:
 * as in Ironic, the agent then installs GRUB on every holder disk of the array, finding the image's
 * root by {@code instance_info.image_rootfs_uuid} (the firmware reads a holder's first sector, never
 * the image's own boot code inside the array).
 */
final class InstanceBootPreparation {
    private final FlowContext context;
    private final AgentCommands commands;

    InstanceBootPreparation(FlowContext context, AgentCommands commands) {
        this.context = context;
        this.commands = commands;
    }

    /**
     * The agent half: installs the bootloader where one is needed.
     *
     * @param partitions the agent's {@code get_partition_uuids} answer
     * @return the network boot to serve the instance, for a netboot partition image
     */
    Optional<NetbootInstance> onDisk(Node node, CommandResult partitions) {
        InstanceBootSettings boot = InstanceBootSettings.of(node);
        PartitionUuidsResult uuids = context.agent.result(partitions, PartitionUuidsResult.class)
                .orElse(PartitionUuidsResult.none());
        if (node.internal().wholeDiskImage().orElse(true)) {
            if (SoftwareRaidTarget.requested(context.store.hardware().get(node.uuid()))) {
                String root = node.instanceInfo().string("image_rootfs_uuid").orElseThrow(() -> new FlowException(
                        "deploy.prepare_instance_boot: the whole-disk image went onto software RAID (target_raid_config"
                        + " has controller software), so GRUB must be installed on every holder disk, which needs the"
                        + " image's root filesystem UUID; set instance_info image_rootfs_uuid and deploy again"));
                installBootloader(node, root, boot.uefi() ? uuids.efiSystemPartitionUuid() : Optional.empty(), boot);
            }
            return Optional.empty();
        }
        String root = uuids.rootUuid().orElseThrow(() -> new FlowException("deploy.prepare_instance_boot: the agent"
                + " reported no root uuid for the partition image it wrote; check that instance_info image_type matches"
                + " the image (a whole-disk image needs image_type whole-disk) and deploy again"));
        if (boot.netboot()) {
            String kernel = node.instanceInfo().string("kernel").orElseThrow(() -> new FlowException(
                    "deploy.prepare_instance_boot: boot_option netboot needs instance_info kernel and ramdisk; set"
                    + " them, or deploy with the capability boot_option:local"));
            String ramdisk = node.instanceInfo().string("ramdisk").orElseThrow(() -> new FlowException(
                    "deploy.prepare_instance_boot: boot_option netboot needs instance_info kernel and ramdisk; set"
                    + " them, or deploy with the capability boot_option:local"));
            return Optional.of(new NetbootInstance(kernel, ramdisk, root));
        }
        installBootloader(node, root, boot.uefi() ? uuids.efiSystemPartitionUuid() : Optional.empty(), boot);
        return Optional.empty();
    }

    private void installBootloader(Node node, String root, Optional<String> esp, InstanceBootSettings boot) {
        CommandResult installed = commands.runAndWait(node, AgentCommand.installBootloader(InstallBootloaderParams.of(
                root, esp, boot.bootMode())));
        if (installed.commandStatus() != CommandStatus.SUCCEEDED) {
            throw new FlowException("deploy.prepare_instance_boot: the agent could not install a bootloader ("
                    + AgentCommands.describe(installed) + "); use an image with GRUB, or a whole-disk image");
        }
    }

    /** The boot half, after the ramdisk's boot is withdrawn: the node's next boot starts the instance. */
    void boot(Node node, DriverBundle driver, Optional<NetbootInstance> netboot) {
        BootTarget target = context.target(node);
        if (netboot.isPresent()) {
            driver.boot().prepareNetbootInstance(target, netboot.get());
            driver.management().setBootDevice(node, BootDevice.PXE, true);
        } else {
            driver.boot().prepareInstance(target);
            driver.management().setBootDevice(node, BootDevice.DISK, true);
        }
    }
}
