package dev.ferrum.hardware.generic.erase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads what the kernel says about block devices under a (relocatable) sysfs root:
 * {@code block/<disk>/{ro,size,holders/}} and partitions as {@code block/<disk>/<part>/{partition,
 * start,size,ro,holders/}}. Sizes in sysfs are in 512-byte units whatever the sector size.
 */
final class SysBlock {
    private static final long SYSFS_UNIT = 512;
    // Kernel name prefixes of devices that are not disks of their own: their data lives elsewhere
    // (loop, dm, md) or they are not writable media (RAM disks of the ramdisk, optical, floppy).
    private static final List<String> VIRTUAL_PREFIXES = List.of("loop", "ram", "zram", "dm-", "md", "sr", "fd", "nbd");

    private final Path sys;

    SysBlock(Path sys) {
        this.sys = sys;
    }

    /** The directory of a whole disk, when the kernel lists {@code kernelName} as one. */
    Optional<Path> disk(String kernelName) {
        Path dir = sys.resolve("block").resolve(kernelName);
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    /** Kernel names of every whole block device, sorted. */
    List<String> blockNames() throws IOException {
        Path block = sys.resolve("block");
        if (!Files.isDirectory(block)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(block)) {
            return children.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** True when {@code kernelName} is a partition (sysfs gives it a {@code partition} number). */
    boolean isPartition(String kernelName) {
        return Files.exists(sys.resolve("class").resolve("block").resolve(kernelName).resolve("partition"));
    }

    /** Why {@code kernelName} is virtual, if it is: its sysfs node lives under devices/virtual or its name says so. */
    Optional<String> virtualEvidence(String kernelName, Path diskDir) throws IOException {
        for (String prefix : VIRTUAL_PREFIXES) {
            if (kernelName.startsWith(prefix)) {
                return Optional.of("kernel name " + kernelName + " is a " + prefix + "* device");
            }
        }
        String real = diskDir.toRealPath().toString().replace('\\', '/');
        if (real.contains("/devices/virtual/")) {
            return Optional.of("its sysfs node " + real + " is under devices/virtual");
        }
        return Optional.empty();
    }

    boolean readOnly(Path dir) throws IOException {
        Path ro = dir.resolve("ro");
        if (!Files.exists(ro)) {
            throw new IOException("no read-only flag at " + ro);
        }
        return "1".equals(read(ro));
    }

    /** The size sysfs reports in bytes, 0 when it reports none. */
    long sizeBytes(Path dir) throws IOException {
        Path size = dir.resolve("size");
        return Files.exists(size) ? Long.parseLong(read(size)) * SYSFS_UNIT : 0;
    }

    /** The partitions of the disk at {@code diskDir}, ordered by start, with their directories. */
    Map<Partition, Path> partitions(Path diskDir) throws IOException {
        List<Path> dirs;
        try (Stream<Path> children = Files.list(diskDir)) {
            dirs = children.filter(p -> Files.isRegularFile(p.resolve("partition"))).toList();
        }
        List<Map.Entry<Partition, Path>> found = new ArrayList<>();
        for (Path dir : dirs) {
            long start = Long.parseLong(read(dir.resolve("start"))) * SYSFS_UNIT;
            found.add(Map.entry(new Partition(dir.getFileName().toString(), start, sizeBytes(dir)), dir));
        }
        found.sort(Comparator.comparingLong(e -> e.getKey().startBytes()));
        Map<Partition, Path> ordered = new LinkedHashMap<>();
        found.forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }

    /**
     * Every device built on the given ones, directly or through others (a partition's LVM volume,
     * an md array on a disk), mapped to the device it was reached from, for evidence messages.
     */
    Map<String, String> holdersOf(Map<String, Path> start) throws IOException {
        Map<String, String> reached = new LinkedHashMap<>();
        Deque<Map.Entry<String, Path>> queue = new ArrayDeque<>(start.entrySet());
        while (!queue.isEmpty()) {
            Map.Entry<String, Path> next = queue.poll();
            Path holders = next.getValue().resolve("holders");
            if (!Files.isDirectory(holders)) {
                continue;
            }
            List<String> names;
            try (Stream<Path> children = Files.list(holders)) {
                names = children.map(p -> p.getFileName().toString()).sorted().toList();
            }
            for (String holder : names) {
                if (!reached.containsKey(holder) && !start.containsKey(holder)) {
                    reached.put(holder, next.getKey());
                    queue.add(Map.entry(holder, sys.resolve("block").resolve(holder)));
                }
            }
        }
        return reached;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII).strip();
    }
}
