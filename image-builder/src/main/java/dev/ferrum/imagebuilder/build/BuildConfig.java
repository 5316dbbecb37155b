package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.busybox.BusyboxSource;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one ramdisk build depends on. Two builds with equal configs and equal input files
 * produce byte-identical outputs (the AOT class cache excepted, see ClassCacheMode).
 *
 * @param kernelModules module names to include with their dependencies; virtio ones are required
 * @param hostBinaries extra host programs for the agent (e.g. qemu-img), with their libraries
 * @param librarySearchPath host directories searched for the C libraries
 * @param cacheDirectory where Debian packages, unpacked kernels, AOT caches and scratch space live
 * @param mtime the modification time of every file in every output (SOURCE_DATE_EPOCH)
 */
public record BuildConfig(AgentInput agent, KernelSource kernel, List<String> kernelModules, BusyboxSource busybox,
        JavaSettings java, InitSettings init, OutputSettings output, List<Path> hostBinaries, List<Path> librarySearchPath,
        Path cacheDirectory, Instant mtime) {

    /**
     * Storage and NIC drivers a real server or a QEMU machine needs; their dependencies come along.
     * The virtio ones first: QEMU machines boot with them. Then what a partition-image deploy mounts
     * or assembles: ext4 roots and vfat EFI system partitions for install_bootloader (crc32c is only
     * ext4's soft dependency, yet mounting a metadata_csum filesystem fails without it; vfat's default
     * code page and character set are modules too), md with RAID 0, 1 and 10 for software RAID
     * (md_mod is their dependency; named so a kernel with md built in still reports what it lacks),
     * and efivarfs, through which efibootmgr writes a UEFI deploy's boot entry.
     */
    public static final List<String> DEFAULT_MODULES = List.of(
            "virtio_pci", "virtio_net", "virtio_blk", "virtio_scsi",
            "crc32c_generic", "ext4", "vfat", "nls_cp437", "nls_ascii",
            "md_mod", "raid0", "raid1", "raid10", "efivarfs",
            "e1000", "e1000e", "igb", "ixgbe", "i40e", "mlx5_core",
            "nvme", "ahci", "sd_mod");

    /**
     * Host programs every ramdisk carries unless told not to, each only where the build host has it,
     * as IPA's ramdisk does: {@code efibootmgr} adds a UEFI partition deploy's boot entry (without it
     * the firmware must find GRUB on the removable-media path); mdadm and parted for software RAID
     * (raid.create_configuration partitions each holder with parted and assembles with mdadm; the
     * agent assembles existing arrays at start), partprobe so the kernel sees partitions the agent
     * writes, wipefs for raid.delete_configuration. A host without one builds a ramdisk whose step
     * needing it fails naming the missing program.
     */
    public static final List<Path> DEFAULT_HOST_BINARIES = List.of(Path.of("/usr/bin/efibootmgr"),
            Path.of("/usr/sbin/mdadm"), Path.of("/usr/sbin/parted"), Path.of("/usr/sbin/partprobe"),
            Path.of("/usr/sbin/wipefs"));

    /**
     * The {@code defaults} the host has, then {@code chosen}; a default is dropped where a chosen
     * program has its name, since both would land on the same path in the image.
     */
    public static List<Path> withDefaults(List<Path> defaults, List<Path> chosen) {
        List<Path> all = new ArrayList<>();
        for (Path program : defaults) {
            boolean named = chosen.stream().anyMatch(c -> c.getFileName().equals(program.getFileName()));
            if (!named && Files.isRegularFile(program)) {
                all.add(program);
            }
        }
        all.addAll(chosen);
        return List.copyOf(all);
    }

    /** Debian's multiarch directories first, as its glibc does. */
    public static final List<Path> DEFAULT_LIBRARY_SEARCH_PATH = List.of(
            Path.of("/lib/x86_64-linux-gnu"), Path.of("/usr/lib/x86_64-linux-gnu"),
            Path.of("/lib64"), Path.of("/usr/lib64"), Path.of("/lib"), Path.of("/usr/lib"));

    /**
     * The capture program the agent's LLDP collection ({@code ipa-collect-lldp}) runs, where Debian's tcpdump package
     * puts it: the JVM cannot open the raw socket an LLDP frame needs, so every ramdisk carries it unless told not to.
     */
    public static final Path LLDP_CAPTURE = Path.of("/usr/bin/tcpdump");

    /** The same instant the parent pom fixes for reproducible jars. */
    public static final Instant DEFAULT_MTIME = Instant.parse("2026-01-01T00:00:00Z");

    public BuildConfig {
        if (kernel instanceof KernelSource.RootfsOnly && (!output.rootfsTar() || output.vmlinux())) {
            throw new ImageBuildException("a rootfs-only build writes rootfs.tar and no vmlinux");
        }
        kernelModules = List.copyOf(kernelModules);
        hostBinaries = List.copyOf(hostBinaries);
        librarySearchPath = List.copyOf(librarySearchPath);
    }
}
