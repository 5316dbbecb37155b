package dev.ferrum.integration.ironic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.sandbox.FileServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ferrum's agent under a real OpenStack Ironic: Ironic (Debian 12's 2023.1 packages, run standalone
 * on loopback) enrolls a {@code manual-management} node with a {@code direct} deploy, Ferrum's agent
 * runs in its own JVM on a fixture machine whose disk is a sparse file, and Ironic alone drives it
 * (lookup, heartbeats, deploy and clean steps) to {@code active} — the image's bytes on the disk —
 * and through a manual {@code erase_devices_metadata} clean.
 *
 * <p>Skipped when Ironic is not installed, except in CI ({@code CI=true}), which installs it with
 * {@code integration/src/test/scripts/install-ironic.sh}.
 */
class IronicInteropTest {
    private static final int IMAGE_BYTES = 4 << 20;
    private static final int MIB = 1 << 20;
    private static final Duration STARTUP = Duration.ofSeconds(90);
    private static final Duration QUICK = Duration.ofSeconds(60);
    /** Lookup, a few heartbeats (ramdisk_heartbeat_timeout=20 s) and the steps; a real IPA takes about 40 s. */
    private static final Duration AGENT_FLOW = Duration.ofSeconds(240);

    @TempDir
    Path dir;

    private IronicService ironic;
    private FileServer images;
    private AgentProcess agent;

    @BeforeEach
    void requireIronic() {
        if (IronicService.installed()) {
            return;
        }
        String why = IronicService.IRONIC + " is not installed; run integration/src/test/scripts/install-ironic.sh as root";
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail("CI installs Ironic, but " + why);
        }
        Assumptions.abort(why);
    }

    @AfterEach
    void stopEverything() throws InterruptedException {
        // Agent first: it would otherwise keep heartbeating at an Ironic that is going away.
        try {
            if (agent != null) {
                agent.close();
            }
        } finally {
            try {
                if (ironic != null) {
                    ironic.close();
                }
            } finally {
                if (images != null) {
                    images.close();
                }
            }
        }
    }

    /**
     * md5 in {@code image_checksum} is what stock Ironic sends for a plain HTTP image; sha256 goes in
     * {@code image_os_hash_algo/value} and reaches the agent as {@code os_hash_algo/os_hash_value}.
     */
    @ParameterizedTest(name = "verified with {0}")
    @ValueSource(strings = {"md5", "sha256"})
    void ironicDeploysAWholeDiskImageThroughFerrumsAgent(String checksum) throws Exception {
        long started = System.nanoTime();
        byte[] image = new byte[IMAGE_BYTES];
        new Random(20261122L).nextBytes(image);
        FixtureMachine machine = FixtureMachine.create(Files.createDirectories(dir.resolve("machine")), new byte[0]);
        images = new FileServer(Map.of("disk.raw", image, "deploy.kernel", bytes("kernel"),
                "deploy.initramfs", bytes("initramfs")));
        ironic = IronicService.start(Files.createDirectories(dir.resolve("ironic")), STARTUP);
        IronicApi api = new IronicApi(ironic.apiUrl());

        ObjectNode node = enrollableNode(api, "ferrum-interop", images);
        ObjectNode instance = node.putObject("instance_info")
                .put("image_source", images.url("disk.raw"))
                .put("image_disk_format", "raw");
        if (checksum.equals("md5")) {
            instance.put("image_checksum", hex("MD5", image));
        } else {
            instance.put("image_os_hash_algo", "sha256").put("image_os_hash_value", hex("SHA-256", image));
        }
        String uuid = api.createNode(node);
        api.createPort(uuid, FixtureMachine.MAC);
        api.provision(uuid, api.object().put("target", "manage"));
        api.awaitState(uuid, "manageable", QUICK, this::diagnostics);
        api.provision(uuid, api.object().put("target", "provide"));
        api.awaitState(uuid, "available", QUICK, this::diagnostics);

        api.provision(uuid, api.object().put("target", "active"));
        // Fake power "boots" nothing: the agent starts once Ironic waits for it, as a ramdisk would.
        api.awaitState(uuid, "wait call-back", QUICK, this::diagnostics);
        agent = AgentProcess.start(machine, ironic.apiUrl(), dir.resolve("agent-deploy.log"));
        JsonNode active = api.awaitState(uuid, "active", AGENT_FLOW, this::diagnostics);

        assertThat(active.path("last_error").isNull()).as("last_error of the active node: %s", active.path("last_error"))
                .isTrue();
        assertThat(machine.diskHead(IMAGE_BYTES)).as("the root disk's first %d bytes after the deploy\n%s", IMAGE_BYTES,
                diagnostics()).isEqualTo(image);
        // The bytes alone can't tell which hash Ironic handed over; the agent's write log line does.
        assertThat(agent.log()).as("the agent verified the image with %s", checksum).contains(checksum + " verified");
        // Auto-TLS, as IPA does it: the agent served HTTPS only, with its own certificate, so the deploy above went
        // through Ironic pinning the certificate the heartbeat's agent_verify_ca announced.
        assertThat(agent.log()).contains("with HTTPS (auto-TLS");
        System.out.printf("ironic deploy through Ferrum's agent (%s): %d s%n", checksum, Duration.ofNanos(System.nanoTime() - started)
                .toSeconds());
    }

    @Test
    void ironicCleansDiskMetadataThroughFerrumsAgent() throws Exception {
        long started = System.nanoTime();
        byte[] oldData = new byte[2 * MIB];
        new Random(7L).nextBytes(oldData);
        FixtureMachine machine = FixtureMachine.create(Files.createDirectories(dir.resolve("machine")), oldData);
        images = new FileServer(Map.of("deploy.kernel", bytes("kernel"), "deploy.initramfs", bytes("initramfs")));
        ironic = IronicService.start(Files.createDirectories(dir.resolve("ironic")), STARTUP);
        IronicApi api = new IronicApi(ironic.apiUrl());

        String uuid = api.createNode(enrollableNode(api, "ferrum-interop", images));
        api.createPort(uuid, FixtureMachine.MAC);
        api.provision(uuid, api.object().put("target", "manage"));
        api.awaitState(uuid, "manageable", QUICK, this::diagnostics);

        ObjectNode clean = api.object().put("target", "clean");
        clean.putArray("clean_steps").addObject().put("interface", "deploy").put("step", "erase_devices_metadata");
        api.provision(uuid, clean);
        api.awaitState(uuid, "clean wait", QUICK, this::diagnostics);
        agent = AgentProcess.start(machine, ironic.apiUrl(), dir.resolve("agent-clean.log"));
        JsonNode manageable = api.awaitState(uuid, "manageable", AGENT_FLOW, this::diagnostics);

        assertThat(manageable.path("last_error").isNull()).as("last_error after cleaning: %s",
                manageable.path("last_error")).isTrue();
        assertThat(machine.diskHead(MIB)).as("the disk's first MiB after erase_devices_metadata\n%s", diagnostics())
                .containsOnly(0);
        System.out.printf("ironic manual clean through Ferrum's agent: %d s%n",
                Duration.ofNanos(System.nanoTime() - started).toSeconds());
    }

    /**
     * The node that works for a {@code direct} deploy under Ironic 2023.1: with {@code fake-hardware}
     * the deploy fails setting the boot device, and without {@code deploy_forces_oob_reboot} Ironic
     * asks the agent to power the machine off, which a fixture machine cannot do.
     */
    static ObjectNode enrollableNode(IronicApi api, String name, FileServer images) {
        ObjectNode node = api.object()
                .put("name", name)
                .put("driver", "manual-management")
                .put("boot_interface", "pxe")
                .put("deploy_interface", "direct")
                .put("management_interface", "noop")
                .put("power_interface", "fake")
                .put("network_interface", "noop");
        node.putObject("driver_info")
                .put("deploy_forces_oob_reboot", true)
                .put("deploy_kernel", images.url("deploy.kernel"))
                .put("deploy_ramdisk", images.url("deploy.initramfs"));
        // BIOS keeps the PXE boot interface on its pxelinux config (2023.1 defaults to UEFI/grub).
        node.putObject("properties").put("capabilities", "boot_mode:bios");
        return node;
    }

    private String diagnostics() {
        return "--- ironic errors:\n" + (ironic == null ? "" : ironic.errors())
                + "\n--- ironic log (tail):\n" + (ironic == null ? "" : ironic.logTail(40))
                + "\n--- agent log:\n" + (agent == null ? "(agent not started)" : agent.log());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static String hex(String algorithm, byte[] data) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(data));
    }
}
