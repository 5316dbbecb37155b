package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A machine made of files under a temp directory: "disks" are sparse regular files in
 * {@code dev/}, described by a sysfs tree in {@code sys/block}, with {@code proc/mounts} and
 * {@code proc/swaps}. Nothing here can reach a real device.
 */
final class FixtureMachine {
    private final Path root;

    FixtureMachine(Path root) {
        this.root = root;
        try {
            Files.createDirectories(root.resolve("dev"));
            Files.createDirectories(root.resolve("sys/block"));
            Files.createDirectories(root.resolve("sys/class/block"));
            Files.createDirectories(root.resolve("proc"));
            Files.writeString(root.resolve("proc/mounts"), "proc /proc proc rw,nosuid 0 0\n"
                    + "tmpfs /run tmpfs rw,nosuid 0 0\n");
            Files.writeString(root.resolve("proc/swaps"), "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path root() {
        return root;
    }

    MachineContext context(CommandRunner commands) {
        return new MachineContext(root, commands);
    }

    /** A disk file of {@code bytes} (sparse) with its sysfs directory; returns the file. */
    Path disk(String name, long bytes) {
        try {
            Path file = root.resolve("dev").resolve(name);
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.setLength(bytes);
            }
            Path dir = sysDir(name);
            Files.createDirectories(dir.resolve("holders"));
            write(dir.resolve("ro"), "0");
            write(dir.resolve("size"), Long.toString(bytes / 512));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A partition of {@code disk} in sysfs (no device node: writes go through the disk). */
    void partition(String disk, String name, long startBytes, long sizeBytes) {
        try {
            Path dir = sysDir(disk).resolve(name);
            Files.createDirectories(dir.resolve("holders"));
            write(dir.resolve("partition"), name.replaceAll("^.*?(\\d+)$", "$1"));
            write(dir.resolve("start"), Long.toString(startBytes / 512));
            write(dir.resolve("size"), Long.toString(sizeBytes / 512));
            write(dir.resolve("ro"), "0");
            Files.createSymbolicLink(root.resolve("sys/class/block").resolve(name), dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A virtual block device (e.g. dm-0) built on {@code member} (a disk or partition sysfs path). */
    void holder(String memberSysPath, String holder) {
        try {
            Path holderDir = root.resolve("sys/devices/virtual/block").resolve(holder);
            Files.createDirectories(holderDir.resolve("holders"));
            write(holderDir.resolve("ro"), "0");
            Path link = root.resolve("sys/block").resolve(holder);
            if (!Files.exists(link)) {
                Files.createSymbolicLink(link, holderDir);
            }
            Files.createDirectories(root.resolve("sys/block").resolve(memberSysPath).resolve("holders"));
            Files.createSymbolicLink(root.resolve("sys/block").resolve(memberSysPath).resolve("holders")
                    .resolve(holder), holderDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Marks a disk ({@code sda}) or partition ({@code sda/sda1}) read-only. */
    void readOnly(String sysPath) {
        write(root.resolve("sys/block").resolve(sysPath).resolve("ro"), "1");
    }

    void mount(String source, String mountPoint) {
        append(root.resolve("proc/mounts"), source + " " + mountPoint + " ext4 rw,relatime 0 0\n");
    }

    void swap(String source) {
        append(root.resolve("proc/swaps"), source + "\tpartition\t1048572\t0\t-2\n");
    }

    /** A device node link, e.g. {@code mapper/vg-root -> ../dm-0}. */
    void link(String from, String to) {
        try {
            Path link = root.resolve("dev").resolve(from);
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, Path.of(to));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Disk diskRecord(String name, long bytes) {
        return Disk.of("/dev/" + name, bytes, false);
    }

    static Disk nvmeRecord(String name, long bytes) {
        Disk plain = diskRecord(name, bytes);
        return new Disk(plain.name(), Optional.of("NVMe"), bytes, false, Optional.empty(), Optional.of("SN-" + name),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of("nvme"));
    }

    private Path sysDir(String name) {
        return root.resolve("sys/block").resolve(name);
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text + "\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
