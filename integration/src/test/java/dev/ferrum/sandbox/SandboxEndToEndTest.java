package dev.ferrum.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.IronicApiClient;
import dev.ferrum.sandbox.machine.BootedSystem;
import dev.ferrum.sandbox.machine.MachineRoot;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox end to end with two machines: the real conductor enrolls, inspects, cleans and
 * deploys them through the simulated Redfish BMC and Ferrum's real agents, all over loopback HTTP.
 */
class SandboxEndToEndTest {
    private static final long MIDDLE = MachineRoot.DISK_BYTES / 2;
    private static final byte[] OLD_DATA = "an earlier tenant's data".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OLD_GPT_BACKUP = "EFI PART: an old backup GPT header".getBytes(StandardCharsets.US_ASCII);

    private Sandbox sandbox;

    @TempDir
    Path temp;

    @AfterEach
    void stop() {
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void everyMachineIsInspectedCleanedAndDeployed() throws Exception {
        sandbox = Sandbox.start(new SandboxSettings(2, 0, temp.resolve("data"), 4 << 20));
        for (SimulatedMachine machine : sandbox.machines()) {
            // What cleaning must remove (the backup GPT at the disk's end) and what the metadata-only
            // clean must leave alone (data in the middle: the full erase is disabled).
            write(machine.root().disk(), MIDDLE, OLD_DATA);
            write(machine.root().disk(), MachineRoot.DISK_BYTES - 512, OLD_GPT_BACKUP);
        }
        ByteArrayOutputStream shown = new ByteArrayOutputStream();

        List<FleetProvisioner.Outcome> outcomes = sandbox.provision(
                new PrintStream(shown, true, StandardCharsets.UTF_8), false);

        String display = shown.toString(StandardCharsets.UTF_8);
        assertThat(outcomes).as(display).hasSize(2).allMatch(FleetProvisioner.Outcome::succeeded);
        assertThat(display).contains("sandbox-1  inspect", "sandbox-1  done     active", "sandbox-2  done     active");
        IronicApiClient api = new IronicApiClient(sandbox.api());
        byte[] image = sandbox.image().bytes();
        for (SimulatedMachine machine : sandbox.machines()) {
            String name = machine.identity().name();
            Path disk = machine.root().disk();
            assertThat(SampleImage.sha256(read(disk, 0, image.length))).as(name + " holds the image")
                    .isEqualTo(sandbox.image().sha256());
            assertThat(read(disk, MachineRoot.DISK_BYTES - 512, 512)).as(name + ": cleaning wiped the disk's end")
                    .containsOnly(0);
            assertThat(read(disk, MIDDLE, OLD_DATA.length)).as(name + ": no full erase").isEqualTo(OLD_DATA);
            assertThat(Files.size(disk)).isEqualTo(MachineRoot.DISK_BYTES);

            JsonNode node = api.get("/v1/nodes/" + name);
            assertThat(node.path("provision_state").asText()).isEqualTo("active");
            assertThat(node.path("power_state").asText()).isEqualTo("power on");
            assertThat(node.path("last_error").isNull()).as(node.toString()).isTrue();
            JsonNode properties = node.path("properties");
            assertThat(properties.path("cpus").asInt()).as(properties.toString()).isEqualTo(MachineRoot.CPUS);
            assertThat(properties.path("memory_mb").asInt()).as(properties.toString()).isPositive();
            assertThat(properties.path("local_gb").asInt()).as(properties.toString()).isPositive();
            JsonNode ports = api.get("/v1/nodes/" + node.path("uuid").asText() + "/ports");
            assertThat(ports.path("ports").findValuesAsText("address")).containsExactly(machine.identity().mac());
            String history = api.get("/v1/nodes/" + node.path("uuid").asText() + "/history").toString();
            assertThat(history).contains("inspect wait", "clean wait", "wait call-back");
            assertThat(machine.running().activity()).as(name + " runs the deployed system")
                    .isEqualTo(BootedSystem.Activity.OPERATING_SYSTEM);
        }

        sandbox.close();
        assertThat(sandbox.machines()).as("closing powers every machine off").noneMatch(SimulatedMachine::isOn);
        sandbox = null;
    }

    @Test
    void aPortInUseIsAClearErrorAndStartsNothing() throws Exception {
        try (var taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Path data = temp.resolve("busy");
            org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                            Sandbox.start(new SandboxSettings(1, taken.getLocalPort(), data, 1 << 20)))
                    .isInstanceOf(SandboxException.class)
                    .hasMessageContaining("port " + taken.getLocalPort() + " on 127.0.0.1 is in use")
                    .hasMessageContaining("--port");
            assertThat(data.resolve("machines")).doesNotExist();
        }
    }

    @Test
    void aDataDirectoryHoldingAnEarlierSandboxIsRefused() throws Exception {
        Path data = temp.resolve("earlier");
        Files.createDirectories(data.resolve("machines/sandbox-1"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        Sandbox.start(new SandboxSettings(1, 0, data, 1 << 20)))
                .isInstanceOf(SandboxException.class)
                .hasMessageContaining("already holds a sandbox")
                .hasMessageContaining("--data-dir");
        assertThat(data.resolve("conductor")).doesNotExist();
        assertThat(data.resolve("machines/sandbox-1")).isEmptyDirectory();
    }

    private static void write(Path disk, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "rw")) {
            file.seek(offset);
            file.write(bytes);
        }
    }

    private static byte[] read(Path disk, long offset, int length) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "r")) {
            byte[] bytes = new byte[length];
            file.seek(offset);
            file.readFully(bytes);
            return bytes;
        }
    }
}
