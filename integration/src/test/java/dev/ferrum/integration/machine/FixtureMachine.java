package dev.ferrum.integration.machine;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A machine root the agent's generic hardware manager reads instead of {@code /}: a virtual
 * machine's sysfs and procfs with one virtio NIC and one virtio disk whose block device is a sparse
 * regular file, so a deploy or clean writes to that file and never to a real disk.
 *
 * <p>Built the same way as the agent module's {@code AgentProcessTest} fixture (test code is not
 * shared across modules); the disk is 8 GiB because the agent, like IPA, never picks a disk under
 * 4 GiB as the root disk.
 */
public final class FixtureMachine {
    public static final String MAC = "02:fc:00:00:00:09";
    public static final long DISK_BYTES = 8L << 30;

    private final Path root;

    private FixtureMachine(Path root) {
        this.root = root;
    }

    /** Lays the machine out under {@code root}; the disk starts with {@code firstBytes}, the rest reads as zero. */
    public static FixtureMachine create(Path root, byte[] firstBytes) {
        return create(root, firstBytes, MAC);
    }

    /** As {@link #create(Path, byte[])}, with the NIC's MAC address {@code mac} (e.g. a container's eth0). */
    public static FixtureMachine create(Path root, byte[] firstBytes, String mac) {
        try {
            FixtureMachine machine = new FixtureMachine(root);
            machine.sysfs(mac);
            machine.procfs();
            Files.createDirectories(root.resolve("dev"));
            try (RandomAccessFile disk = new RandomAccessFile(machine.disk().toFile(), "rw")) {
                disk.setLength(DISK_BYTES);
                disk.write(firstBytes);
            }
            return machine;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the fixture machine under " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    /** The file standing in for {@code /dev/vda}. */
    public Path disk() {
        return root.resolve("dev/vda");
    }

    /** The first {@code length} bytes of the disk. */
    public byte[] diskHead(int length) throws IOException {
        try (RandomAccessFile disk = new RandomAccessFile(disk().toFile(), "r")) {
            byte[] head = new byte[length];
            disk.readFully(head);
            return head;
        }
    }

    private void sysfs(String mac) throws IOException {
        Path pci = Files.createDirectories(root.resolve("sys/devices/pci0000:00"));
        Path nicDevice = Files.createDirectories(pci.resolve("0000:00:03.0"));
        Files.writeString(nicDevice.resolve("vendor"), "0x1af4\n");
        Files.writeString(nicDevice.resolve("device"), "0x1000\n");
        Path eth0 = Files.createDirectories(nicDevice.resolve("net/eth0"));
        Files.writeString(eth0.resolve("address"), mac + "\n");
        Files.writeString(eth0.resolve("carrier"), "1\n");
        Files.createSymbolicLink(eth0.resolve("device"), Path.of("../../../0000:00:03.0"));
        Files.createDirectories(root.resolve("sys/class/net"));
        Files.createSymbolicLink(root.resolve("sys/class/net/eth0"),
                Path.of("../../devices/pci0000:00/0000:00:03.0/net/eth0"));

        Path vda = Files.createDirectories(pci.resolve("0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(vda.resolve("queue"));
        Files.createDirectories(vda.resolve("holders"));
        Files.writeString(vda.resolve("size"), (DISK_BYTES / 512) + "\n");
        Files.writeString(vda.resolve("ro"), "0\n");
        Files.writeString(vda.resolve("queue/rotational"), "0\n");
        Files.writeString(vda.resolve("queue/logical_block_size"), "512\n");
        Files.createSymbolicLink(vda.resolve("device"), Path.of("../../../virtio1"));
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/vda"),
                Path.of("../devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(root.resolve("sys/class/block"));
        Files.createSymbolicLink(root.resolve("sys/class/block/vda"),
                Path.of("../../devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));
    }

    private void procfs() throws IOException {
        Path proc = Files.createDirectories(root.resolve("proc"));
        Files.writeString(proc.resolve("meminfo"), "MemTotal:        8000000 kB\n");
        Files.writeString(proc.resolve("cpuinfo"), "processor\t: 0\nmodel name\t: Fixture CPU\n\n");
        Files.writeString(proc.resolve("mounts"), "proc /proc proc rw 0 0\n");
        Files.writeString(proc.resolve("swaps"), "Filename\tType\tSize\tUsed\tPriority\n");
    }
}
