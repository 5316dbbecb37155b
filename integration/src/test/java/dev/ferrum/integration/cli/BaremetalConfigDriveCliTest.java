package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.sandbox.FileServer;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code baremetal node deploy --config-drive '{"meta_data": ...}'}, the README's command: the
 * conductor builds the ISO 9660 drive, Ferrum's real agent writes it after the image, and the
 * partition it added reads back (isoinfo) with the label and files cloud-init looks for.
 */
class BaremetalConfigDriveCliTest {
    private static final int MIB = 1 << 20;
    private static final String DRIVE = "{\"meta_data\": {\"hostname\": \"web-1\"}, \"user_data\": \"#cloud-config\\n\","
            + " \"network_data\": {\"links\": [], \"networks\": [], \"services\": []}}";

    private final ObjectMapper json = new ObjectMapper();
    private final AtomicReference<Exception> starterFailure = new AtomicReference<>();
    private ConductorServer conductor;
    private FileServer images;
    private volatile AgentProcess agent;
    private Thread starter;
    private String api;

    @TempDir
    Path temp;

    @AfterEach
    void stop() throws InterruptedException {
        if (starter != null) {
            starter.interrupt();
            starter.join(5_000);
        }
        if (agent != null) {
            agent.close();
        }
        if (conductor != null) {
            conductor.close();
        }
        if (images != null) {
            images.close();
        }
    }

    private String baremetal(String... args) throws Exception {
        BaremetalCli.Run run = new BaremetalCli(api, Duration.ofMinutes(5)).run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()
                + (agent == null ? "" : "\n--- agent log:\n" + agent.log())).isZero();
        return run.output();
    }

    private String state() throws Exception {
        return baremetal("node", "show", "cd-node", "-f", "value", "-c", "provision_state").strip();
    }

    /** A whole-disk image with an MBR holding one Linux partition, so the drive becomes partition 2. */
    private static byte[] mbrImage() {
        byte[] image = new byte[4 * MIB];
        new Random(9).nextBytes(image);
        Arrays.fill(image, 0, 512, (byte) 0);
        ByteBuffer mbr = ByteBuffer.wrap(image, 0, 512).order(ByteOrder.LITTLE_ENDIAN);
        mbr.put(446 + 4, (byte) 0x83);
        mbr.putInt(446 + 8, 2048);
        mbr.putInt(446 + 12, 4 * 2048 - 2048);
        image[510] = 0x55;
        image[511] = (byte) 0xAA;
        return image;
    }

    @Test
    void aJsonConfigDriveFromTheCliLandsAsAnIsoAfterTheImage() throws Exception {
        BaremetalCli.requireInstalled();
        byte[] image = mbrImage();
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        images = new FileServer(Map.of("disk.img", image));
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        conductor = BaremetalCli.startConductor(temp, false);
        api = BaremetalCli.endpoint(conductor);

        String uuid = json.readTree(baremetal("node", "create", "--driver", "fake-hardware", "--deploy-interface",
                "direct", "--name", "cd-node", "-f", "json")).path("uuid").asText();
        baremetal("port", "create", FixtureMachine.MAC, "--node", uuid);
        baremetal("node", "manage", "cd-node", "--wait", "60");
        baremetal("node", "provide", "cd-node", "--wait", "60");
        baremetal("node", "set", "cd-node", "--instance-info", "image_source=" + images.url("disk.img"),
                "--instance-info", "image_os_hash_algo=sha256", "--instance-info", "image_os_hash_value=" + sha256);
        starter = Thread.ofVirtual().start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted() && !"wait call-back".equals(state())) {
                    Thread.sleep(300);
                }
                agent = AgentProcess.start(machine, api, temp.resolve("agent.log"), "");
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                starterFailure.set(e);
            }
        });

        baremetal("node", "deploy", "cd-node", "--config-drive", DRIVE, "--wait", "180");

        assertThat(starterFailure.get()).isNull();
        assertThat(state()).isEqualTo("active");
        byte[] drive;
        try (RandomAccessFile disk = new RandomAccessFile(machine.disk().toFile(), "r")) {
            byte[] mbr = new byte[512];
            disk.readFully(mbr);
            ByteBuffer entries = ByteBuffer.wrap(mbr).order(ByteOrder.LITTLE_ENDIAN);
            long start = Integer.toUnsignedLong(entries.getInt(446 + 16 + 8));
            long sectors = Integer.toUnsignedLong(entries.getInt(446 + 16 + 12));
            assertThat(start).as("the config drive got the second partition").isPositive();
            drive = new byte[(int) (sectors * 512)];
            disk.seek(start * 512);
            disk.readFully(drive);
        }
        assertThat(new String(drive, 16 * 2048 + 1, 5, StandardCharsets.US_ASCII)).isEqualTo("CD001");
        assertThat(new String(drive, 16 * 2048 + 40, 8, StandardCharsets.US_ASCII)).isEqualTo("config-2");
        Path iso = Files.write(temp.resolve("partition2.iso"), drive);
        JsonNode meta = json.readTree(isoinfo(iso, "/openstack/latest/meta_data.json"));
        assertThat(meta.path("uuid").asText()).isEqualTo(uuid);
        assertThat(meta.path("name").asText()).isEqualTo("cd-node");
        assertThat(meta.path("hostname").asText()).isEqualTo("web-1");
        assertThat(new String(isoinfo(iso, "/openstack/latest/user_data"), StandardCharsets.UTF_8))
                .isEqualTo("#cloud-config\n");
        assertThat(json.readTree(isoinfo(iso, "/openstack/2012-08-10/network_data.json")))
                .isEqualTo(json.readTree(DRIVE).path("network_data"));
    }

    /** A file of the ISO by its Rock Ridge name, read by genisoimage's isoinfo (skipped without it, off CI). */
    private static byte[] isoinfo(Path iso, String path) throws Exception {
        Path tool = Path.of("/usr/bin/isoinfo");
        if ("true".equals(System.getenv("CI"))) {
            assertThat(Files.isExecutable(tool)).as("CI installs genisoimage (.ci/run)").isTrue();
        }
        Assumptions.assumeTrue(Files.isExecutable(tool),
                "isoinfo not installed (apt-get install genisoimage): reading the written drive back skipped");
        Process process = new ProcessBuilder(List.of(tool.toString(), "-R", "-i", iso.toString(), "-x", path))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("isoinfo -x " + path).isZero();
        return out;
    }
}
