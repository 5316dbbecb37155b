package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.busybox.BusyboxSource;
import dev.ferrum.imagebuilder.kernel.KernelSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
     * code page and character set are modules too) and md with RAID 0, 1 and 10 for software RAID
     * (md_mod is their dependency; named so a kernel with md built in still reports what it lacks).
     */
    public static final List<String> DEFAULT_MODULES = List.of(
            "virtio_pci", "virtio_net", "virtio_blk", "virtio_scsi",
            "crc32c_generic", "ext4", "vfat", "nls_cp437", "nls_ascii",
            "md_mod", "raid0", "raid1", "raid10",
            "e1000", "e1000e", "igb", "ixgbe", "i40e", "mlx5_core",
            "nvme", "ahci", "sd_mod");

    /**
     * Host programs every ramdisk carries when the build host has them, as IPA's ramdisk does: mdadm
     * and parted for software RAID (raid.create_configuration partitions each holder with parted and
     * assembles with mdadm; the agent assembles existing arrays at start), partprobe so the kernel
     * sees partitions the agent writes, wipefs for raid.delete_configuration. A host without them
     * builds a ramdisk whose RAID steps fail naming the missing program.
     */
    public static final List<Path> DEFAULT_HOST_BINARIES = List.of(Path.of("/usr/sbin/mdadm"),
            Path.of("/usr/sbin/parted"), Path.of("/usr/sbin/partprobe"), Path.of("/usr/sbin/wipefs"));

    /**
     * {@link #DEFAULT_HOST_BINARIES} that exist on this host and that {@code chosen} does not already
     * name (a program given explicitly wins), followed by {@code chosen}.
     */
    public static List<Path> withDefaultHostBinaries(List<Path> chosen) {
        Set<String> named = new HashSet<>();
        chosen.forEach(path -> named.add(path.getFileName().toString()));
        List<Path> all = new ArrayList<>();
        for (Path program : DEFAULT_HOST_BINARIES) {
            if (Files.isRegularFile(program) && !named.contains(program.getFileName().toString())) {
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
