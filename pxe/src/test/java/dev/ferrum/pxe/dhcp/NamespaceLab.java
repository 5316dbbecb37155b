package dev.ferrum.pxe.dhcp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.support.net.MacAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Two network namespaces joined by a veth pair: a server side for dnsmasq ({@code 10.99.0.1/24})
 * and a client side whose MAC the test chooses, where busybox's {@code udhcpc} asks for a lease.
 * Nothing leaves the namespaces. Everything started is stopped by {@link #close()}: dnsmasq by its
 * PID, then both namespaces, which takes the veth pair with them.
 */
final class NamespaceLab implements AutoCloseable {
    static final String SERVER_ADDRESS = "10.99.0.1";

    private final String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(2);
    private final String server = "fpx-s-" + id;
    private final String client = "fpx-c-" + id;
    private final String serverLink = "fpx" + id + "s";
    private final String clientLink = "fpx" + id + "c";
    private final List<String> namespaces = new ArrayList<>();
    private Process dnsmasq;

    /** Skips the calling test, saying why, unless root, iproute2, dnsmasq and busybox udhcpc are here. */
    static void assumeAvailable() {
        assumeTrue(isRoot(), "not root: network namespaces need it; skipping the dnsmasq namespace test");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")) || Files.isExecutable(Path.of("/usr/bin/ip")),
                "iproute2 'ip' is not installed; skipping the dnsmasq namespace test");
        DnsmasqSyntaxTest.dnsmasq();
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/busybox")) || Files.isExecutable(Path.of("/bin/busybox")),
                "busybox (for udhcpc) is not installed (apt-get install busybox); skipping the dnsmasq namespace test");
    }

    /** The server-side interface dnsmasq binds to. */
    String serverInterface() {
        return serverLink;
    }

    /** Creates the namespaces and links; the client NIC gets {@code mac}. */
    void create(MacAddress mac) {
        run("ip", "netns", "add", server);
        namespaces.add(server);
        run("ip", "netns", "add", client);
        namespaces.add(client);
        run("ip", "link", "add", serverLink, "type", "veth", "peer", "name", clientLink);
        run("ip", "link", "set", serverLink, "netns", server);
        run("ip", "link", "set", clientLink, "netns", client);
        run("ip", "-n", server, "addr", "add", SERVER_ADDRESS + "/24", "dev", serverLink);
        run("ip", "-n", server, "link", "set", serverLink, "up");
        run("ip", "-n", client, "link", "set", clientLink, "address", mac.value());
        run("ip", "-n", client, "link", "set", clientLink, "up");
    }

    /** Starts dnsmasq in the foreground inside the server namespace and waits until it logs that it runs. */
    void startDnsmasq(Path config, Path log) throws IOException, InterruptedException {
        dnsmasq = new ProcessBuilder("ip", "netns", "exec", server, DnsmasqSyntaxTest.dnsmasq().toString(),
                "--keep-in-foreground", "--conf-file=" + config, "--log-facility=" + log)
                .redirectErrorStream(true).redirectOutput(log.resolveSibling("dnsmasq.out").toFile()).start();
        for (int i = 0; i < 100; i++) {
            if (Files.exists(log) && Files.readString(log).contains("DHCP, IP range")) {
                return;
            }
            if (!dnsmasq.isAlive()) {
                throw new PxeException("dnsmasq exited with " + dnsmasq.exitValue() + ": "
                        + Files.readString(log.resolveSibling("dnsmasq.out")));
            }
            Thread.sleep(50);
        }
        throw new PxeException("dnsmasq did not start within 5 s");
    }

    /** A signaller that really sends SIGHUP to this lab's dnsmasq ({@code ip netns exec} execs it, same PID). */
    ProcessSignaller signaller() {
        return () -> run("kill", "-HUP", Long.toString(dnsmasq.pid()));
    }

    /** Whether the client gets a lease: two DHCP discovers a second apart, like a PXE ROM's first tries. */
    boolean clientGetsLease() {
        return quietly("ip", "netns", "exec", client, "busybox", "udhcpc", "-i", clientLink,
                "-n", "-q", "-f", "-t", "2", "-T", "1", "-s", "/bin/true") == 0;
    }

    @Override
    public void close() {
        if (dnsmasq != null) {
            dnsmasq.destroy();
            try {
                if (!dnsmasq.waitFor(5, TimeUnit.SECONDS)) {
                    dnsmasq.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (String namespace : namespaces.reversed()) {
            quietly("ip", "netns", "del", namespace);
        }
    }

    private static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(line -> line.startsWith("Uid:") && line.split("\\s+")[1].equals("0"));
        } catch (IOException e) {
            return false;
        }
    }

    private static void run(String... command) {
        int code = quietly(command);
        if (code != 0) {
            throw new PxeException(String.join(" ", command) + " failed with exit code " + code);
        }
    }

    private static int quietly(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                return -1;
            }
            return process.exitValue();
        } catch (IOException e) {
            return 127;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
