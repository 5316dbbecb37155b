package dev.ferrum.hardware.generic.oshi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.cpu.CpuReader;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import dev.ferrum.hardware.generic.memory.MemoryReader;
import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import dev.ferrum.hardware.generic.net.IpAddressSource;
import dev.ferrum.hardware.generic.net.JdkIpAddressSource;
import dev.ferrum.hardware.generic.net.NicReader;
import dev.ferrum.hardware.generic.reconcile.Reconciler;
import dev.ferrum.hardware.generic.reconcile.Disagreements;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract between the two sources: on this machine and on the fixture trees, every fact OSHI and
 * the sysfs/procfs parsers both report agrees, field by field (the reconciler notes no difference),
 * and OSHI starts none of the programs it would otherwise run behind Ferrum's command runner.
 *
 * <p>OSHI runs in a JVM of its own each time, with trip-wire scripts named after those programs first
 * on its PATH. On a fixture tree it reads OSHI's relocated {@code /proc}, {@code /sys} and {@code /dev}
 * with libudev switched off: there it can answer CPU and memory only, since it lists disks only
 * through libudev and interfaces only through the JDK (both see the host, not the tree); disks and
 * NICs are compared on the live machine.
 */
@EnabledOnOs(OS.LINUX)
class OshiContractTest {
    /** Programs OSHI's Linux code runs somewhere; none may start. */
    private static final List<String> TRIP_WIRES = List.of("lshw", "dmidecode", "lscpu", "cpuid", "lsblk", "lspci",
            "udevadm", "lshal", "getconf", "route", "lsb_release", "systemctl", "pvs", "vcgencmd", "who");

    @TempDir
    Path scratch;

    @ParameterizedTest
    @ValueSource(strings = {"server", "vm", "nvme-server", "bonded"})
    void factsAgreeOnFixtureTrees(String fixture) throws Exception {
        Path root = Fixtures.root(fixture);
        MachineContext machine = Fixtures.machine(fixture);
        OshiSource oshi = runOshi(relocatedTo(root), "relocated");

        // Not vacuous: OSHI did read the tree (the host has neither this count nor this memory).
        assertThat(oshi.cpu().count()).isEqualTo(Optional.of(CpuReader.parse(machine).count().orElseThrow()));
        assertThat(oshi.memoryTotal()).isPresent();
        assertThat(oshi.disks()).as("OSHI lists disks only through libudev, off here").isEmpty();
        assertThat(oshi.nics()).as("interfaces are not listed for a relocated root").isEmpty();

        assertThat(disagreements(oshi, machine, IpAddressSource.NONE)).isEmpty();
    }

    @Test
    void factsAgreeOnThisMachine() throws Exception {
        OshiSource oshi = runOshi(List.of(), "live");
        assertThat(oshi.cpu().count()).isPresent();
        assertThat(oshi.memoryTotal()).isPresent();
        assertThat(oshi.nics()).isPresent();
        // Without libudev OSHI cannot list disks; the comparison then covers the rest.
        assertThat(disagreements(oshi, MachineContext.live(), new JdkIpAddressSource())).isEmpty();
    }

    private static List<String> disagreements(OshiSource oshi, MachineContext machine, IpAddressSource addresses) {
        List<String> noted = new ArrayList<>();
        Reconciler reconciler = new Reconciler(new Disagreements(noted::add));
        reconciler.cpu(oshi.cpu(), new CpuReader(CpuProbe.NONE).read(machine));
        reconciler.memory(oshi.memoryTotal(), new MemoryReader(MemoryProbe.NONE).read(machine));
        reconciler.disks(oshi.disks(), BlockDeviceReader.read(machine));
        reconciler.nics(oshi.nics(), new NicReader(addresses).read(machine), name -> NicReader.isBondPort(machine, name));
        return noted;
    }

    /** The trip wires work: a tree without {@code proc/self/auxv} makes OSHI run getconf, and that is caught. */
    @Test
    void theTripWiresCatchAProgram() throws Exception {
        Path root = scratch.resolve("bare");
        Files.createDirectories(root.resolve("proc"));
        Files.createDirectories(root.resolve("sys"));
        Files.copy(Fixtures.root("vm").resolve("proc/cpuinfo"), root.resolve("proc/cpuinfo"));
        Files.copy(Fixtures.root("vm").resolve("proc/meminfo"), root.resolve("proc/meminfo"));
        assertThat(dump(relocatedTo(root), "relocated").tripped()).contains("getconf");
    }

    private static List<String> relocatedTo(Path root) {
        return List.of("-Doshi.util.proc.path=" + root.resolve("proc"), "-Doshi.util.sys.path=" + root.resolve("sys"),
                "-Doshi.util.dev.path=" + root.resolve("dev"), "-Doshi.os.linux.allowudev=false");
    }

    /** Runs {@link OshiFactsDump} in a fresh JVM behind the trip wires; fails if one was tripped. */
    private OshiSource runOshi(List<String> properties, String mode) throws IOException, InterruptedException {
        Dump dump = dump(properties, mode);
        assertThat(dump.tripped()).as("programs OSHI started").isEmpty();
        return dump.facts();
    }

    private record Dump(OshiSource facts, String tripped) {
    }

    private Dump dump(List<String> properties, String mode) throws IOException, InterruptedException {
        Path wires = Files.createDirectories(scratch.resolve("bin"));
        Path tripped = scratch.resolve("tripped.log");
        for (String program : TRIP_WIRES) {
            Path script = wires.resolve(program);
            Files.writeString(script, "#!/bin/sh\necho \"" + program + " $*\" >> '" + tripped + "'\nexit 1\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp",
                classPath()));
        command.addAll(properties);
        command.addAll(List.of(OshiFactsDump.class.getName(), mode));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(scratch.resolve("stderr.txt").toFile());
        builder.environment().put("PATH", wires + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        Process process = builder.start();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("OSHI dump failed: %s", Files.readString(scratch.resolve("stderr.txt")))
                .isZero();
        return new Dump(recorded(new ObjectMapper().readTree(stdout)), Files.exists(tripped) ? Files.readString(tripped) : "");
    }

    /** Everything on one class path: Surefire puts the module under test on the module path. */
    private static String classPath() {
        String modules = System.getProperty("jdk.module.path", "");
        String classes = System.getProperty("java.class.path");
        return modules.isEmpty() ? classes : modules + java.io.File.pathSeparator + classes;
    }

    private static OshiSource recorded(JsonNode facts) {
        JsonNode cpu = facts.path("cpu");
        List<String> flags = new ArrayList<>();
        cpu.path("flags").forEach(f -> flags.add(f.asText()));
        CpuFacts cpuFacts = new CpuFacts(Optional.empty(), Optional.empty(), integer(cpu, "count"),
                text(cpu, "architecture"), flags, integer(cpu, "sockets"));
        Optional<Long> memory = facts.has("memoryTotal") ? Optional.of(facts.get("memoryTotal").asLong())
                : Optional.empty();
        return new OshiFactsDump.Recorded(cpuFacts, memory,
                list(facts, "disks", d -> new OshiDisk(d.get("name").asText(), text(d, "model"), text(d, "serial"),
                        d.get("size").asLong())),
                list(facts, "nics", n -> new OshiNic(n.get("name").asText(), n.get("mac").asText(),
                        new InterfaceAddresses(text(n, "ipv4"), text(n, "ipv6")), integer(n, "speed"),
                        n.get("carrier").asBoolean())));
    }

    private static <T> Optional<List<T>> list(JsonNode facts, String field, Function<JsonNode, T> item) {
        if (!facts.has(field)) {
            return Optional.empty();
        }
        List<T> items = new ArrayList<>();
        facts.get(field).forEach(node -> items.add(item.apply(node)));
        return Optional.of(items);
    }

    private static Optional<String> text(JsonNode node, String field) {
        return node.has(field) ? Optional.of(node.get(field).asText()) : Optional.empty();
    }

    private static Optional<Integer> integer(JsonNode node, String field) {
        return node.has(field) ? Optional.of(node.get(field).asInt()) : Optional.empty();
    }
}
