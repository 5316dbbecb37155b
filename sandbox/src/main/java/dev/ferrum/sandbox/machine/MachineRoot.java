package dev.ferrum.sandbox.machine;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The hardware a simulated machine's agent reads instead of {@code /}: a relocated sysfs, procfs
 * and DMI tree describing a small virtual server (two CPUs, 4 GiB of memory, one virtio NIC, one
 * virtio disk) whose disk is a sparse regular file, so deploying and cleaning write that file and
 * never a real disk.
 *
 * <p>The disk is 8 GiB (sparse: it takes only the space written) because the agent, like IPA,
 * never picks a disk under 4 GiB as the root disk.
 */
public final class MachineRoot {
    public static final long DISK_BYTES = 8L << 30;
    public static final int CPUS = 2;
    public static final long MEMORY_KIB = 4L << 20;

    private final Path root;

    private MachineRoot(Path root) {
        this.root = root;
    }

    /** Lays out {@code identity}'s machine under {@code root}, with an empty (all-zero) disk. */
    public static MachineRoot create(Path root, MachineIdentity identity) {
        MachineRoot machine = new MachineRoot(root);
        try {
            machine.network(identity);
            machine.layDisk();
            machine.dmi(identity);
            machine.procfs(identity);
            return machine;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lay out the simulated machine under " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    /** The file standing in for {@code /dev/vda}. */
    public Path disk() {
        return root.resolve("dev/vda");
    }

    private void network(MachineIdentity identity) throws IOException {
        Path nic = Files.createDirectories(root.resolve("sys/devices/pci0000:00/0000:00:03.0"));
        Files.writeString(nic.resolve("vendor"), "0x1af4\n");
        Files.writeString(nic.resolve("device"), "0x1000\n");
        Path eth0 = Files.createDirectories(nic.resolve("net/eth0"));
        Files.writeString(eth0.resolve("address"), identity.mac() + "\n");
        Files.writeString(eth0.resolve("carrier"), "1\n");
        Files.createSymbolicLink(eth0.resolve("device"), Path.of("../../../0000:00:03.0"));
        Files.createDirectories(root.resolve("sys/class/net"));
        Files.createSymbolicLink(root.resolve("sys/class/net/eth0"),
                Path.of("../../devices/pci0000:00/0000:00:03.0/net/eth0"));
    }

    private void layDisk() throws IOException {
        Path vda = Files.createDirectories(root.resolve("sys/devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(vda.resolve("queue"));
        Files.createDirectories(vda.resolve("holders"));
        Files.writeString(vda.resolve("size"), (DISK_BYTES / 512) + "\n");
        Files.writeString(vda.resolve("ro"), "0\n");
        Files.writeString(vda.resolve("removable"), "0\n");
        Files.writeString(vda.resolve("queue/rotational"), "0\n");
        Files.writeString(vda.resolve("queue/logical_block_size"), "512\n");
        Files.writeString(vda.resolve("queue/physical_block_size"), "512\n");
        Files.createSymbolicLink(vda.resolve("device"), Path.of("../../../virtio1"));
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/vda"),
                Path.of("../devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(root.resolve("sys/class/block"));
        Files.createSymbolicLink(root.resolve("sys/class/block/vda"),
                Path.of("../../devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(root.resolve("dev"));
        try (RandomAccessFile file = new RandomAccessFile(disk().toFile(), "rw")) {
            file.setLength(DISK_BYTES);
        }
    }

    private void dmi(MachineIdentity identity) throws IOException {
        Path id = Files.createDirectories(root.resolve("sys/class/dmi/id"));
        Files.writeString(id.resolve("sys_vendor"), "Ferrum Sandbox\n");
        Files.writeString(id.resolve("product_name"), "Simulated Server\n");
        Files.writeString(id.resolve("product_serial"), identity.serial() + "\n");
    }

    private void procfs(MachineIdentity identity) throws IOException {
        Path proc = Files.createDirectories(root.resolve("proc"));
        Files.writeString(proc.resolve("meminfo"), "MemTotal:        " + MEMORY_KIB + " kB\n");
        StringBuilder cpuinfo = new StringBuilder();
        for (int cpu = 0; cpu < CPUS; cpu++) {
            cpuinfo.append("processor\t: ").append(cpu).append("\nvendor_id\t: GenuineIntel\n")
                    .append("model name\t: Ferrum Sandbox CPU\ncpu MHz\t\t: 2400.000\nflags\t\t: fpu lm\n\n");
        }
        Files.writeString(proc.resolve("cpuinfo"), cpuinfo);
        Files.writeString(proc.resolve("mounts"), "proc /proc proc rw 0 0\n");
        Files.writeString(proc.resolve("swaps"), "Filename\tType\tSize\tUsed\tPriority\n");
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.writeString(proc.resolve("sys/kernel/hostname"), identity.name() + "\n");
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(root.resolve("etc/hostname"), identity.name() + "\n");
    }
}
