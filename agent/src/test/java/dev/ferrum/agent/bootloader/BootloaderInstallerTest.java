package dev.ferrum.agent.bootloader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The GRUB installation's command sequence on a fake runner; the "mounted image" is a directory. */
class BootloaderInstallerTest {
    private static final String ROOT = "0123abcd-4567-89ef-0123-456789abcdef";
    private static final String ESP = "00000000-0000-0000-0000-000000001111";
    private static final String MD_ROOT = "11111111-2222-3333-4444-555555555555";

    @TempDir
    Path dir;

    private Path mnt;
    private final FakeCommandRunner commands = new FakeCommandRunner();
    private MachineContext machine;
    private final PartitionLocator written = new PartitionLocator(Map.of(ROOT, "/dev/nvme0n1p2", ESP, "/dev/nvme0n1p1",
            MD_ROOT, "/dev/md0p1"), commands);

    @BeforeEach
    void image() throws Exception {
        mnt = dir.resolve("mnt");
        machine = new MachineContext(dir, commands);
        Files.createDirectories(mnt.resolve("usr/sbin"));
    }

    private void grub(String prefix) throws Exception {
        Files.createFile(mnt.resolve("usr/sbin/" + prefix + "-install"));
        Files.createFile(mnt.resolve("usr/sbin/" + prefix + "-mkconfig"));
    }

    private void succeed(String... argv) {
        commands.answer(List.of(argv), "");
    }

    private void mounts(boolean esp) {
        mounts("/dev/nvme0n1p2", esp);
    }

    private void mounts(String root, boolean esp) {
        succeed("mount", root, mnt.toString());
        if (esp) {
            succeed("mount", "/dev/nvme0n1p1", mnt.resolve("boot/efi").toString());
            succeed("umount", mnt.resolve("boot/efi").toString());
        }
        for (String d : List.of("dev", "proc", "sys", "run")) {
            succeed("mount", "-o", "bind", "/" + d, mnt.resolve(d).toString());
            succeed("umount", mnt.resolve(d).toString());
        }
        succeed("umount", mnt.toString());
    }

    @Test
    void uefiInstallsTheImagesGrubOnTheEspAndAddsABootEntry() throws Exception {
        grub("grub");
        mounts(true);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=x86_64-efi", "--efi-directory=/boot/efi",
                "--removable", "--no-nvram");
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-mkconfig", "-o", "/boot/grub/grub.cfg");
        succeed("efibootmgr", "-c", "-d", "/dev/nvme0n1", "-p", "1", "-w", "-L", "ferrum", "-l", "\\EFI\\BOOT\\BOOTX64.EFI");

        var installed = new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(ROOT), Optional.of(ESP), true), written);

        assertThat(installed).contains(new BootloaderInstaller.Installed("/usr/sbin/grub-install", true));
        List<List<String>> calls = commands.calls();
        assertThat(calls.getFirst()).isEqualTo(List.of("mount", "/dev/nvme0n1p2", mnt.toString()));
        // Everything mounted is unmounted, innermost first, the root last.
        assertThat(calls.getLast()).isEqualTo(List.of("umount", mnt.toString()));
        assertThat(calls.stream().filter(c -> c.getFirst().equals("umount")).count()).isEqualTo(6);
    }

    @Test
    void theRootIsLinkedByItsFilesystemUuidBeforeGrubMkconfigSoGrubCfgNamesItByUuid() throws Exception {
        grub("grub");
        Files.createFile(mnt.resolve("usr/sbin/grub-probe"));
        // Random, so no link of that name exists on the machine running the test.
        String fsUuid = java.util.UUID.randomUUID().toString();
        mounts(false);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/nvme0n1");
        commands.answer(List.of("chroot", mnt.toString(), "/usr/sbin/grub-probe", "--target=fs_uuid", "--device",
                "/dev/nvme0n1p2"), fsUuid + "\n");
        succeed("mkdir", "-p", "/dev/disk/by-uuid");
        succeed("ln", "-s", "/dev/nvme0n1p2", "/dev/disk/by-uuid/" + fsUuid);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-mkconfig", "-o", "/boot/grub/grub.cfg");

        new BootloaderInstaller(machine, mnt, "amd64").install(new BootloaderRequest(Optional.of(ROOT), Optional.empty(),
                false), written);

        List<List<String>> calls = commands.calls();
        int link = calls.indexOf(List.of("ln", "-s", "/dev/nvme0n1p2", "/dev/disk/by-uuid/" + fsUuid));
        assertThat(link).as("linked as udev would: %s", calls).isNotNegative()
                .isLessThan(calls.indexOf(List.of("chroot", mnt.toString(), "/usr/sbin/grub-mkconfig", "-o",
                        "/boot/grub/grub.cfg")));
    }

    @Test
    void aRootGrubProbeCannotNameStillGetsItsBootloader() throws Exception {
        grub("grub");
        Files.createFile(mnt.resolve("usr/sbin/grub-probe"));
        mounts(false);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/nvme0n1");
        commands.answer(List.of("chroot", mnt.toString(), "/usr/sbin/grub-probe", "--target=fs_uuid", "--device",
                "/dev/nvme0n1p2"), new CommandResult(1, "", "grub-probe: error: unknown filesystem."));
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-mkconfig", "-o", "/boot/grub/grub.cfg");

        var installed = new BootloaderInstaller(machine, mnt, "amd64").install(new BootloaderRequest(Optional.of(ROOT),
                Optional.empty(), false), written);

        assertThat(installed).contains(new BootloaderInstaller.Installed("/usr/sbin/grub-install", false));
        assertThat(commands.calls()).noneMatch(c -> c.getFirst().equals("ln"));
    }

    @Test
    void anAbsentMountPointIsMadeBeforeTheRootIsMountedOnIt() throws Exception {
        Path fresh = dir.resolve("tmp/ferrum-instance-root");
        List<Boolean> existedAtMount = new java.util.ArrayList<>();
        // mount "reveals" the image's GRUB, as the real mount of the root partition does.
        CommandRunner mounting = new CommandRunner() {
            @Override
            public CommandResult run(List<String> argv, java.time.Duration timeout) {
                if (argv.equals(List.of("mount", "/dev/nvme0n1p2", fresh.toString()))) {
                    existedAtMount.add(Files.isDirectory(fresh));
                    try {
                        Files.createDirectories(fresh.resolve("usr/sbin"));
                        Files.createFile(fresh.resolve("usr/sbin/grub-install"));
                        Files.createFile(fresh.resolve("usr/sbin/grub-mkconfig"));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return new CommandResult(0, "", "");
            }

            @Override
            public boolean isAvailable(String program) {
                return true;
            }
        };

        var installed = new BootloaderInstaller(new MachineContext(dir, mounting), fresh, "amd64")
                .install(new BootloaderRequest(Optional.of(ROOT), Optional.empty(), false), written);

        assertThat(existedAtMount).containsExactly(true);
        assertThat(installed).contains(new BootloaderInstaller.Installed("/usr/sbin/grub-install", false));
    }

    @Test
    void biosInstallsGrub2OnTheDiskOfTheRootPartition() throws Exception {
        grub("grub2");
        mounts(false);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub2-install", "--target=i386-pc", "/dev/nvme0n1");
        succeed("chroot", mnt.toString(), "/usr/sbin/grub2-mkconfig", "-o", "/boot/grub2/grub.cfg");

        var installed = new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(ROOT), Optional.empty(), false), written);

        assertThat(installed).contains(new BootloaderInstaller.Installed("/usr/sbin/grub2-install", false));
    }

    @Test
    void anImageWithoutGrubFailsClearlyAndIsUnmounted() {
        mounts(false);

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(ROOT), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("The image has no grub-install or grub2-install")
                        .contains("whole-disk image"));
        assertThat(commands.calls().getLast()).isEqualTo(List.of("umount", mnt.toString()));
    }

    @Test
    void aFailingGrubInstallReportsItsErrorOutput() throws Exception {
        grub("grub");
        mounts(false);
        commands.answer(List.of("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/nvme0n1"),
                new CommandResult(1, "", "grub-install: error: cannot find a device for /boot/grub"));

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(ROOT), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("cannot find a device for /boot/grub"));
    }

    @Test
    void anUnknownRootUuidIsDeviceNotFoundAndNothingIsMounted() {
        commands.answer(List.of("findfs", "UUID=ffff"), new CommandResult(1, "", "unable to resolve"));
        commands.answer(List.of("findfs", "PARTUUID=ffff"), new CommandResult(1, "", "unable to resolve"));

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of("ffff"), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class,
                        e -> assertThat(e.error().type()).isEqualTo("DeviceNotFound"));
        assertThat(commands.calls()).noneMatch(c -> c.getFirst().equals("mount"));
    }

    @Test
    void noRootUuidMeansAWholeDiskImageAndNothingToDo() {
        assertThat(new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.empty(), Optional.empty(), true), written)).isEmpty();
        assertThat(commands.calls()).isEmpty();
    }

    /** A sysfs tree where md0 is an array over {@code members}, each a whole disk or a partition of one. */
    private void array(String... members) throws Exception {
        Path block = dir.resolve("sys/block");
        Files.createDirectories(block.resolve("md0/md"));
        Files.createDirectories(block.resolve("md0/md0p1"));
        for (String member : members) {
            Files.createDirectories(block.resolve("md0/slaves").resolve(member));
            String disk = member.replaceFirst("\\d+$", "");
            if (disk.equals(member)) {
                Files.createDirectories(block.resolve(disk));
            } else {
                Files.createDirectories(block.resolve(disk).resolve(member));
                Files.writeString(block.resolve(disk).resolve(member).resolve("partition"), "1\n");
            }
        }
    }

    private List<List<String>> grubInstalls() {
        return commands.calls().stream().filter(c -> c.size() > 2 && c.get(2).endsWith("-install")).toList();
    }

    /** Members as partitions (GRUB goes on their disks) or whole disks, with either GRUB's naming. */
    @ParameterizedTest
    @CsvSource({"grub, vda1 vdb1, /dev/vda /dev/vdb", "grub2, sda sdb, /dev/sda /dev/sdb"})
    void biosOnSoftwareRaidInstallsGrubOnEveryHolderDiskNotTheArray(String prefix, String members, String disks)
            throws Exception {
        array(members.split(" "));
        grub(prefix);
        mounts("/dev/md0p1", false);
        for (String disk : disks.split(" ")) {
            succeed("chroot", mnt.toString(), "/usr/sbin/" + prefix + "-install", "--target=i386-pc", disk);
        }
        succeed("chroot", mnt.toString(), "/usr/sbin/" + prefix + "-mkconfig", "-o", "/boot/" + prefix + "/grub.cfg");

        var installed = new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(MD_ROOT), Optional.empty(), false), written);

        assertThat(installed).contains(new BootloaderInstaller.Installed("/usr/sbin/" + prefix + "-install", false));
        assertThat(grubInstalls()).extracting(List::getLast).containsExactly(disks.split(" "));
        assertThat(commands.calls()).noneMatch(c -> c.contains("/dev/md0") || c.contains("/dev/md"));
        assertThat(commands.calls().getLast()).isEqualTo(List.of("umount", mnt.toString()));
    }

    @Test
    void aFilesystemOnTheArrayItselfStillFindsTheHolders() throws Exception {
        array("vda1", "vdb1");
        grub("grub");
        mounts("/dev/md0", false);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/vda");
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/vdb");
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-mkconfig", "-o", "/boot/grub/grub.cfg");

        new BootloaderInstaller(machine, mnt, "amd64").install(new BootloaderRequest(Optional.of(MD_ROOT),
                Optional.empty(), false), new PartitionLocator(Map.of(MD_ROOT, "/dev/md0"), commands));

        assertThat(grubInstalls()).extracting(List::getLast).containsExactly("/dev/vda", "/dev/vdb");
    }

    @Test
    void aFailingGrubInstallOnOneHolderNamesThatDiskAndUnmounts() throws Exception {
        array("vda1", "vdb1");
        grub("grub");
        mounts("/dev/md0p1", false);
        succeed("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/vda");
        commands.answer(List.of("chroot", mnt.toString(), "/usr/sbin/grub-install", "--target=i386-pc", "/dev/vdb"),
                new CommandResult(1, "", "grub-install: error: disk `hd1' not found"));

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(MD_ROOT), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("/dev/vdb").contains("disk `hd1' not found"));
        assertThat(commands.calls().getLast()).isEqualTo(List.of("umount", mnt.toString()));
    }

    @Test
    void uefiOnSoftwareRaidIsRefusedNamingTheHoldersBeforeAnythingIsMounted() throws Exception {
        array("vda1", "vdb1");
        grub("grub");
        PartitionLocator onArray = new PartitionLocator(Map.of(MD_ROOT, "/dev/md0p2", ESP, "/dev/md0p1"), commands);

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(MD_ROOT), Optional.of(ESP), true), onArray))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> {
                    assertThat(e.error().type()).isEqualTo("SoftwareRAIDError");
                    assertThat(e.error().details().orElse("")).contains("/dev/md0").contains("/dev/vda, /dev/vdb")
                            .contains("uefi").contains("boot_mode bios");
                });
        assertThat(commands.calls()).isEmpty();
    }

    @Test
    void aMemberOnANestedArrayIsRefusedAndNothingIsMounted() throws Exception {
        array("vda1", "md1");
        grub("grub");

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(MD_ROOT), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> {
                    assertThat(e.error().type()).isEqualTo("SoftwareRAIDError");
                    assertThat(e.error().details().orElse("")).contains("member md1 of /dev/md0")
                            .contains("physical disks");
                });
        assertThat(commands.calls()).isEmpty();
    }

    @Test
    void aMemberSysfsDoesNotPlaceOnADiskIsRefused() throws Exception {
        array("vda1");
        Files.createDirectories(dir.resolve("sys/block/md0/slaves/vdb1"));
        grub("grub");

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(MD_ROOT), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("member vdb1 of /dev/md0 is neither a disk nor a partition"));
        assertThat(commands.calls()).isEmpty();
    }

    @Test
    void anArrayWithoutMembersIsRefused() throws Exception {
        array();
        grub("grub");

        assertThatThrownBy(() -> new BootloaderInstaller(machine, mnt, "amd64")
                .install(new BootloaderRequest(Optional.of(MD_ROOT), Optional.empty(), false), written))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("/dev/md0 lists no member devices").contains("mdadm --detail /dev/md0"));
        assertThat(commands.calls()).isEmpty();
    }
}
