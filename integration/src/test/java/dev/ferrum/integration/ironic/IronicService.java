package dev.ferrum.integration.ironic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenStack Ironic (Debian 12's 2023.1 packages) run standalone from a private directory:
 * noauth, no message queue ({@code rpc_transport=none}, the all-in-one {@code ironic} command),
 * sqlite, the API on a free loopback port, and every path Ironic writes pointed into the directory.
 *
 * <p>The settings are the ones seen working with a real IPA for a {@code direct} deploy on a
 * {@code manual-management} node (docs/TESTING.md, "Peers to compare with").
 */
final class IronicService implements AutoCloseable {
    static final Path IRONIC = Path.of("/usr/bin/ironic");
    static final Path DBSYNC = Path.of("/usr/bin/ironic-dbsync");

    private final Path dir;
    private final int port;
    private final Process process;

    private IronicService(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    /** Whether the Debian packages are installed (install-ironic.sh). */
    static boolean installed() {
        return Files.isExecutable(IRONIC) && Files.isExecutable(DBSYNC);
    }

    /** Writes the config, creates the schema and starts Ironic; returns once the conductor serves the test's driver. */
    static IronicService start(Path dir, Duration budget) throws IOException, InterruptedException {
        int port = freeLoopbackPort();
        Path conf = Files.writeString(dir.resolve("ironic.conf"), config(dir, port));
        Path dbsyncLog = dir.resolve("ironic-dbsync.log");
        Process dbsync = new ProcessBuilder(List.of(DBSYNC.toString(), "--config-file", conf.toString(), "create_schema"))
                .redirectErrorStream(true).redirectOutput(dbsyncLog.toFile()).start();
        if (!dbsync.waitFor(120, TimeUnit.SECONDS)) {
            dbsync.destroyForcibly();
            throw new IllegalStateException("ironic-dbsync create_schema took over 120 s:\n" + Files.readString(dbsyncLog));
        }
        if (dbsync.exitValue() != 0) {
            throw new IllegalStateException("ironic-dbsync create_schema exited " + dbsync.exitValue() + ":\n"
                    + Files.readString(dbsyncLog));
        }
        Process process = new ProcessBuilder(List.of(IRONIC.toString(), "--config-file", conf.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("ironic.log").toFile()).start();
        IronicService ironic = new IronicService(dir, port, process);
        try {
            ironic.awaitReady(budget);
            return ironic;
        } catch (RuntimeException | InterruptedException e) {
            ironic.close();
            throw e;
        }
    }

    /** The API's root URL, as the agent's {@code ipa-api-url}. */
    String apiUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The last {@code lines} lines of Ironic's log, for assertion messages. */
    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(dir.resolve("ironic.log"));
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(ironic log unreadable: " + e + ")";
        }
    }

    /** Ironic's log lines at ERROR level, for assertion messages. */
    String errors() {
        try {
            return String.join("\n", Files.readAllLines(dir.resolve("ironic.log")).stream()
                    .filter(line -> line.contains(" ERROR ") && !line.contains("logging_exception_prefix")).toList());
        } catch (IOException e) {
            return "(ironic log unreadable: " + e + ")";
        }
    }

    private void awaitReady(Duration budget) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + budget.toNanos();
        // GET / answers before the conductor has registered its drivers, and enrolling a node
        // before then fails with "no valid host": wait for the driver list to name ours.
        while (!driverListed(http)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("ironic exited " + process.exitValue() + " while starting:\n" + logTail(60));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("ironic did not serve the manual-management driver within " + budget
                        + ":\n" + logTail(60));
            }
            Thread.sleep(250);
        }
    }

    private boolean driverListed(HttpClient http) throws InterruptedException {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(apiUrl() + "/v1/drivers"))
                    .header("X-OpenStack-Ironic-API-Version", IronicApi.VERSION).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && response.body().contains("\"manual-management\"");
        } catch (IOException notYetListening) {
            return false;
        }
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String config(Path dir, int port) throws IOException {
        for (String sub : List.of("tftp", "tftp-master", "images", "master-images", "http", "certs", "deploy-logs", "tmp")) {
            Files.createDirectories(dir.resolve(sub));
        }
        return """
                [DEFAULT]
                auth_strategy = noauth
                rpc_transport = none
                debug = true
                host = ferrum-interop
                tempdir = %1$s/tmp
                enabled_hardware_types = fake-hardware,manual-management
                enabled_bios_interfaces = no-bios,fake
                enabled_boot_interfaces = pxe,fake
                enabled_console_interfaces = no-console,fake
                enabled_deploy_interfaces = direct,fake
                enabled_inspect_interfaces = no-inspect,fake
                enabled_management_interfaces = noop,fake
                enabled_network_interfaces = noop
                enabled_power_interfaces = fake
                enabled_raid_interfaces = no-raid,fake,agent
                enabled_rescue_interfaces = no-rescue,fake
                enabled_storage_interfaces = noop
                enabled_vendor_interfaces = no-vendor,fake

                [api]
                host_ip = 127.0.0.1
                port = %2$d
                api_workers = 1
                # The agent heartbeats at a fraction of this; small keeps each step's wait short.
                ramdisk_heartbeat_timeout = 20

                [database]
                connection = sqlite:///%1$s/ironic.sqlite

                [conductor]
                # The deploy test provides the node straight to available; cleaning is tested on its own.
                automated_clean = false

                [dhcp]
                dhcp_provider = none

                [agent]
                certificates_path = %1$s/certs
                deploy_logs_local_path = %1$s/deploy-logs

                [pxe]
                tftp_root = %1$s/tftp
                tftp_master_path = %1$s/tftp-master
                images_path = %1$s/images
                instance_master_path = %1$s/master-images

                [deploy]
                http_root = %1$s/http

                [service_catalog]
                # Without these, deploys fail to find the API URL to hand the agent.
                auth_type = none
                endpoint_override = http://127.0.0.1:%2$d
                """.formatted(dir.toAbsolutePath(), port);
    }

    /** Stops Ironic and anything it forked, by PID. */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
            child.destroyForcibly();
        }
    }
}
