package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.KernelParameter;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * The VM test bench: the agent ramdisk, a {@link ProvisioningNetwork} with dnsmasq, Ferrum's
 * conductor in this JVM on the network's host address (automated cleaning with metadata erase
 * only, the serial console on the ramdisk's kernel command line, dnsmasq's hosts directory), one
 * {@link BmcManagedVm} enrolled as an {@code ipmi} node, and an API client. Logs go to
 * {@code target/vm-logs/<run>/}; {@link #close} stops everything it started, in reverse order.
 */
final class VmLab implements AutoCloseable {
    static final long GIB = 1L << 30;
    /** Above the 4 GiB the root disk hook wants; sparse, so it costs nothing. */
    static final long DISK_BYTES = 5 * GIB;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final Path logs;
    private ProvisioningNetwork network;
    private ConductorServer conductor;
    private BmcManagedVm vm;
    private String api;
    private String nodeUuid;

    private VmLab(Path logs) {
        this.logs = logs;
    }

    /** Skips the calling test, saying why, unless everything a VM lab needs is here. */
    static void assumeToolsPresent(String who) {
        assumeToolsPresent(who, Firmware.BIOS);
    }

    /** As {@link #assumeToolsPresent(String)}, for a VM with {@code firmware}. */
    static void assumeToolsPresent(String who, Firmware firmware) {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("ip", "qemu-system-x86_64", "ipmi_sim", "ipmitool", "dnsmasq", "zstd", "strip", "apt-get")) {
            if (HostCommands.find(tool).isEmpty()) {
                missing.add(tool);
            }
        }
        String why = !HostCommands.isRoot() ? "not root (network namespaces and tap devices need it)"
                : !missing.isEmpty() ? "missing " + String.join(", ", missing)
                        + " (apt-get install iproute2 qemu-system-x86 ipxe-qemu openipmi ipmitool dnsmasq-base zstd binutils)"
                : !Files.exists(Path.of("/usr/lib/ipxe/qemu/efi-virtio.rom")) ? "QEMU's iPXE ROMs are missing (apt-get install ipxe-qemu)"
                : firmware.missing().orElse("");
        if (!why.isEmpty()) {
            System.out.println(who + " SKIPPED: " + why);
        }
        assumeTrue(why.isEmpty(), who + " skipped: " + why);
    }

    /**
     * Builds (or reuses) the ramdisk, starts network, conductor, dnsmasq and the VM's BMC, serves
     * {@code extraFiles} beside the ramdisk, and enrolls the VM with its port; the node is in {@code enroll}.
     */
    static VmLab start(Path scratch, Map<String, byte[]> extraFiles) throws Exception {
        return start(scratch, extraFiles, Firmware.BIOS, 1);
    }

    /** As {@link #start(Path, Map)}, the VM starting with {@code firmware} and {@code disks} disks of {@link #DISK_BYTES} each. */
    static VmLab start(Path scratch, Map<String, byte[]> extraFiles, Firmware firmware, int disks) throws Exception {
        String run = Instant.now().toString().replace(':', '-') + "-" + UUID.randomUUID().toString().substring(0, 8);
        VmLab lab = new VmLab(Files.createDirectories(Path.of("target", "vm-logs", run).toAbsolutePath()));
        try {
            lab.startAll(scratch, extraFiles, firmware, disks);
        } catch (Exception | Error e) {
            lab.close();
            throw e;
        }
        return lab;
    }

    private void startAll(Path scratch, Map<String, byte[]> extraFiles, Firmware firmware, int disks) throws Exception {
        System.out.println("VmLab: logs in " + logs);
        long buildStarted = System.nanoTime();
        AgentRamdisk ramdisk = ramdisk(scratch);
        System.out.printf("VmLab: ramdisk ready in %.1f s (%s)%n", (System.nanoTime() - buildStarted) / 1e9,
                ramdisk.initramfs().getParent());
        Path bootFiles = Files.createDirectories(scratch.resolve("boot"));
        Files.copy(ramdisk.kernel(), bootFiles.resolve("vmlinuz"));
        Files.copy(ramdisk.initramfs(), bootFiles.resolve("initramfs"));
        for (Map.Entry<String, byte[]> file : extraFiles.entrySet()) {
            Files.write(bootFiles.resolve(file.getKey()), file.getValue());
        }

        network = ProvisioningNetwork.create();
        String host = network.hostAddress();
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            port = probe.getLocalPort();
        }
        api = "http://" + host + ":" + port;
        // dnsmasq reads the hosts directory as 'nobody' after dropping root: kept under the logs, not a 0700 temp dir.
        Path dhcpHosts = Files.createDirectories(logs.resolve("dhcp-hosts"));
        conductor = ConductorServer.start(new ConductorSettings(host, port, URI.create(api), scratch.resolve("data"),
                Optional.empty(), new ApiAuth.NoAuth(), bootFiles, true, "vm-conductor", Duration.ofSeconds(5),
                Duration.ofSeconds(10), Map.of("deploy.erase_devices", 0), Optional.of(dhcpHosts),
                // quiet: the kernel's own messages over the emulated serial port cost seconds under TCG.
                // no_timer_check: on a loaded host TCG's timer misses the kernel's IO-APIC check, which panics.
                List.of(new KernelParameter.Setting("console", "ttyS0"), new KernelParameter.Flag("quiet"),
                        new KernelParameter.Flag("no_timer_check")), Optional.empty()));
        network.startDnsmasq(dhcpHosts, HttpUrl.of(api + "/boot/default.ipxe"), logs, firmware);
        String mac = "52:54:00:%02x:%02x:%02x".formatted(ThreadLocalRandom.current().nextInt(256),
                ThreadLocalRandom.current().nextInt(256), ThreadLocalRandom.current().nextInt(256));
        vm = BmcManagedVm.create(logs.resolve("vm0"), scratch, network, 0, mac, DISK_BYTES, firmware, disks);

        // Enroll: the BMC, the ramdisk the boot interface serves, the NIC the machine boots from.
        ObjectNode node = json.createObjectNode().put("name", "vm0").put("driver", "ipmi")
                .put("boot_interface", "ipxe").put("deploy_interface", "direct").put("inspect_interface", "agent");
        node.putObject("driver_info").put("ipmi_address", "127.0.0.1").put("ipmi_port", Integer.toString(vm.ipmiPort()))
                .put("ipmi_username", BmcManagedVm.USER).put("ipmi_password", BmcManagedVm.PASSWORD)
                .put("deploy_kernel", "vmlinuz").put("deploy_ramdisk", "initramfs");
        nodeUuid = call("POST", "/v1/nodes", node, 201).path("uuid").asText();
        call("POST", "/v1/ports", json.createObjectNode().put("address", mac).put("node_uuid", nodeUuid), 201);
    }

    /** The agent ramdisk {@link #start} boots (built once per agent and builder, then reused). */
    static AgentRamdisk ramdisk(Path scratch) throws IOException {
        return AgentRamdisk.buildOrReuse(Path.of(System.getProperty("ferrum.agentDir", "../agent/target")),
                Path.of(System.getProperty("ferrum.cacheDir", scratch.resolve("cache").toString())));
    }

    BmcManagedVm vm() {
        return vm;
    }

    String api() {
        return api;
    }

    String nodeUuid() {
        return nodeUuid;
    }

    Path logs() {
        return logs;
    }

    ObjectMapper json() {
        return json;
    }

    /** Asks for {@code target} and waits until the node settles in {@code expected}; fails early on a failed state. */
    void provision(String target, String expected, Duration timeout) throws Exception {
        provision(json.createObjectNode().put("target", target), expected, timeout);
    }

    /** As {@link #provision(String, String, Duration)}, with the whole request body (a config drive, steps). */
    void provision(ObjectNode request, String expected, Duration timeout) throws Exception {
        String target = request.path("target").asText();
        long deadline = System.nanoTime() + timeout.toNanos();
        requestProvision(request, deadline);
        JsonNode shown = node();
        while (System.nanoTime() < deadline) {
            shown = node();
            String state = shown.path("provision_state").asText();
            if (state.equals(expected) && shown.path("target_provision_state").isNull()) {
                return;
            }
            if (state.contains("fail") || state.equals("error")) {
                break;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("'" + target + "' did not bring the node to " + expected + " within " + timeout
                + ": provision_state=" + shown.path("provision_state").asText() + ", last_error="
                + shown.path("last_error").asText() + "\n" + vm.consoleTail(60));
    }

    /**
     * Sends the provision request; a 409 "locked" (the flow that just ended still finishing under the node's lock)
     * is tried again every second, as the stock clients retry it, until the deadline.
     */
    private void requestProvision(ObjectNode request, long deadline) throws Exception {
        String path = "/v1/nodes/" + nodeUuid + "/states/provision";
        while (true) {
            HttpResponse<String> response = send("PUT", path, request);
            if (response.statusCode() == 409 && response.body().contains("is locked by")
                    && System.nanoTime() < deadline) {
                Thread.sleep(1000);
                continue;
            }
            assertThat(response.statusCode()).as("PUT %s -> %s", path, response.body()).isEqualTo(202);
            return;
        }
    }

    JsonNode node() throws Exception {
        return call("GET", "/v1/nodes/" + nodeUuid, null, 200);
    }

    JsonNode call(String method, String path, JsonNode body, int expectedStatus) throws IOException, InterruptedException {
        HttpResponse<String> response = send(method, path, body);
        assertThat(response.statusCode()).as("%s %s -> %s", method, path, response.body()).isEqualTo(expectedStatus);
        return response.body().isBlank() ? json.createObjectNode() : json.readTree(response.body());
    }

    private HttpResponse<String> send(String method, String path, JsonNode body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(60))
                .header("X-OpenStack-Ironic-API-Version", "1.82")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static boolean eventually(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(500);
        }
        return condition.getAsBoolean();
    }

    @Override
    public void close() {
        // Reverse order of start; each close stops its processes by PID and tolerates a half-started state.
        if (vm != null) {
            vm.close();
        }
        if (conductor != null) {
            conductor.close();
        }
        if (network != null) {
            network.close();
        }
    }
}
