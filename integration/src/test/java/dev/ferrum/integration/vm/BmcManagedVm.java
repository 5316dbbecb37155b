package dev.ferrum.integration.vm;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A virtual bare-metal machine: a QEMU VM (TCG, one CPU, {@link #MEMORY_MIB} MiB, a sparse raw
 * disk, a virtio NIC on a tap in the provisioning namespace, serial console appended to
 * {@code console.log}, SeaBIOS or OVMF per {@link Firmware}) behind its own BMC, OpenIPMI's {@code ipmi_sim} on a free loopback UDP
 * port. The BMC's {@code chassis_control.sh} starts and stops QEMU and persists the boot device
 * (pxe boots the network, anything else the disk), so the conductor powers and boots it through
 * IPMI only. {@link #close} stops the simulator and QEMU, each by its PID.
 */
final class BmcManagedVm implements AutoCloseable {
    static final int MEMORY_MIB = 1024;
    static final int CPUS = 1;
    static final String USER = "admin";
    static final String PASSWORD = "vm-bmc-pw";

    private final Path dir;
    private final String mac;
    private final int ipmiPort;
    private final long diskBytes;
    private final List<Path> disks;
    private final List<String> qemuCommand;
    private final String namespace;
    private Process ipmiSim;

    private BmcManagedVm(Path dir, String mac, int ipmiPort, long diskBytes, List<Path> disks, List<String> qemuCommand,
            String namespace) {
        this.dir = dir;
        this.disks = List.copyOf(disks);
        this.qemuCommand = List.copyOf(qemuCommand);
        this.namespace = namespace;
        this.mac = mac;
        this.ipmiPort = ipmiPort;
        this.diskBytes = diskBytes;
    }

    /**
     * Sets the VM up in {@code dir} (logs and BMC state, kept as test artefacts) with its disk in
     * {@code diskDirectory}, and starts its BMC; the VM itself stays off until the BMC powers it on.
     */
    static BmcManagedVm create(Path dir, Path diskDirectory, ProvisioningNetwork network, int index, String mac,
            long diskBytes, Firmware firmware, int diskCount) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<Path> disks = new java.util.ArrayList<>();
        for (int d = 0; d < diskCount; d++) {
            Path disk = diskDirectory.resolve("vm" + index + (d == 0 ? "" : "-" + d) + ".raw");
            try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "rw")) {
                file.setLength(diskBytes); // sparse: no block is allocated until the VM writes it
            }
            disks.add(disk);
        }
        String tap = network.addTap(index);
        Path qemu = HostCommands.find("qemu-system-x86_64").orElseThrow();
        List<String> command = new java.util.ArrayList<>(List.of(qemu.toString(), "-name", "ferrum-vm" + index,
                "-accel", "tcg", "-m", Integer.toString(MEMORY_MIB), "-smp", Integer.toString(CPUS),
                // graphics=off: SeaBIOS then sends its and iPXE's text to the serial port too (sercon).
                "-display", "none", "-machine", "graphics=off", "-monitor", "none",
                "-chardev", "file,id=console,path=" + dir.resolve("console.log") + ",append=on", "-serial", "chardev:console"));
        command.addAll(firmware.qemuWords(dir, tap, mac, disks));
        writeEnv(dir, network.namespace(), command);
        Path script = dir.resolve("chassis_control.sh");
        try (InputStream in = BmcManagedVm.class.getResourceAsStream("/vm/chassis_control.sh")) {
            Files.write(script, in.readAllBytes());
        }
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        int port = freeUdpPort();
        Files.writeString(dir.resolve("lan.conf"), """
                name "ferrum-vm%d"
                set_working_mc 0x20
                  startlan 1
                    addr 127.0.0.1 %d
                    priv_limit admin
                    allowed_auths_callback none md2 md5 straight
                    allowed_auths_user none md2 md5 straight
                    allowed_auths_operator none md2 md5 straight
                    allowed_auths_admin none md2 md5 straight
                    guid a123456789abcdefa123456789abcd%02x
                  endlan
                  chassis_control "%s"
                  user 2 true "%s" "%s" admin 10 none md2 md5 straight
                """.formatted(index, port, index, script, USER, PASSWORD));
        Files.writeString(dir.resolve("node.emu"), """
                mc_setbmc 0x20
                mc_add 0x20 0 no-device-sdrs 0x23 9 8 0x9f 0x1291 0xf02 persist_sdr
                sel_enable 0x20 1000 0x0a
                mc_enable 0x20
                """);
        Files.createDirectories(dir.resolve("bmc-state"));
        BmcManagedVm vm = new BmcManagedVm(dir, mac, port, diskBytes, disks, command, network.namespace());
        try {
            vm.startBmc();
        } catch (IOException | RuntimeException | Error e) {
            vm.close();
            throw e;
        }
        return vm;
    }

    /** The QEMU command line chassis_control.sh starts, read at each power-on. */
    private static void writeEnv(Path dir, String namespace, List<String> command) throws IOException {
        StringBuilder env = new StringBuilder("# Written by BmcManagedVm for chassis_control.sh\n");
        env.append("NAMESPACE='").append(namespace).append("'\nQEMU=(");
        command.forEach(word -> env.append(" '").append(word).append('\''));
        env.append(" )\n");
        Files.writeString(dir.resolve("vm.env"), env.toString());
    }

    /**
     * Pulls disk {@code number} out of the machine from its next power-on, as a failed disk would leave it:
     * the others keep their order, so the first remaining one is what the firmware boots.
     */
    void detachDisk(int number) throws IOException {
        List<String> command = new java.util.ArrayList<>(qemuCommand);
        int at = command.indexOf(Firmware.virtioDrive(disks.get(number)));
        command.subList(at - 1, at + 1).clear();
        writeEnv(dir, namespace, command);
    }

    private void startBmc() throws IOException, InterruptedException {
        ipmiSim = new ProcessBuilder(HostCommands.find("ipmi_sim").orElseThrow().toString(), "-n",
                "-c", dir.resolve("lan.conf").toString(), "-f", dir.resolve("node.emu").toString(),
                "-s", dir.resolve("bmc-state").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("ipmi_sim.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            HostCommands.Result status = ipmitool("power", "status");
            if (status.exitCode() == 0) {
                return;
            }
            if (!ipmiSim.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("ipmi_sim did not answer on 127.0.0.1:" + ipmiPort + " (alive="
                        + ipmiSim.isAlive() + "): " + status.output() + "; see " + dir.resolve("ipmi_sim.log"));
            }
            Thread.sleep(200);
        }
    }

    /** Runs ipmitool against this BMC, as the conductor's ipmitool driver does (cipher suite 3). */
    HostCommands.Result ipmitool(String... args) {
        List<String> argv = new java.util.ArrayList<>(List.of(HostCommands.find("ipmitool").map(Path::toString)
                .orElse("ipmitool"), "-I", "lanplus", "-C", "3", "-H", "127.0.0.1", "-p", Integer.toString(ipmiPort),
                "-U", USER, "-P", PASSWORD));
        argv.addAll(List.of(args));
        return HostCommands.attempt(argv.toArray(String[]::new));
    }

    String mac() {
        return mac;
    }

    int ipmiPort() {
        return ipmiPort;
    }

    long diskBytes() {
        return diskBytes;
    }

    /** OVMF's variable store of this VM (UEFI only): the boot entries the ramdisk wrote. */
    Path uefiVariables() {
        return Firmware.varsFile(dir);
    }

    /** The raw file behind the VM's (first) disk, to check what a deploy wrote. */
    Path disk() {
        return disks.getFirst();
    }

    /** The raw files behind every disk, in the order the VM sees them. */
    List<Path> disks() {
        return disks;
    }

    Path consoleLog() {
        return dir.resolve("console.log");
    }

    /** Whether QEMU runs, i.e. the chassis is powered. */
    boolean running() {
        return qemuPid().flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The serial console so far, without the terminal control sequences iPXE and SeaBIOS print. */
    String console() {
        try {
            if (!Files.exists(consoleLog())) {
                return "";
            }
            return plainText(new String(Files.readAllBytes(consoleLog()), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            return "(cannot read " + consoleLog() + ": " + e.getMessage() + ")";
        }
    }

    /** Console text without the terminal control sequences and carriage returns iPXE and SeaBIOS print. */
    static String plainText(String raw) {
        return raw.replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", "").replace("\r", "");
    }

    /** The console's last {@code lines} lines, for failure messages. */
    String consoleTail(int lines) {
        List<String> all = console().lines().toList();
        return "--- last " + lines + " console lines of " + consoleLog() + ":\n"
                + String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private Optional<Long> qemuPid() {
        try {
            Path pidFile = dir.resolve("qemu.pid");
            return Files.exists(pidFile) ? Optional.of(Long.parseLong(Files.readString(pidFile).strip())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        if (ipmiSim != null) {
            ipmiSim.destroy();
            try {
                if (!ipmiSim.waitFor(5, TimeUnit.SECONDS)) {
                    ipmiSim.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                ipmiSim.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        // QEMU daemonized itself from the BMC's hook: stop it by the PID it wrote, if it still runs.
        qemuPid().flatMap(ProcessHandle::of).filter(handle -> handle.info().command().orElse("").contains("qemu"))
                .ifPresent(qemu -> {
                    qemu.destroy();
                    try {
                        qemu.onExit().get(10, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        qemu.destroyForcibly();
                    }
                });
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
