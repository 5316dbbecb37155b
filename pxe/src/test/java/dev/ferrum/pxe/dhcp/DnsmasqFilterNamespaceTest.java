package dev.ferrum.pxe.dhcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.pxe.MacAddresses;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.support.net.MacAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PXE filter against a real dnsmasq serving DHCP inside private network namespaces, with a
 * busybox DHCP client as the booting machine: proves the admission rules {@link DhcpHostsDirectory}
 * relies on (fail closed, newest record wins, exact beats wildcard, deletions need SIGHUP).
 * Skipped with a message unless run as root with iproute2, dnsmasq and busybox installed.
 */
class DnsmasqFilterNamespaceTest {
    private static final MacAddress MACHINE = MacAddresses.parse("52:54:00:aa:00:01");

    @TempDir
    Path dir;
    private NamespaceLab lab;
    private DhcpHostsDirectory hosts;

    @BeforeEach
    void start() throws IOException, InterruptedException {
        NamespaceLab.assumeAvailable();
        // dnsmasq reads the hosts directory after dropping root for 'nobody'.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hostsDirectory = Files.createDirectory(dir.resolve("hosts"));
        lab = new NamespaceLab();
        lab.create(MACHINE);
        DnsmasqConfig config = new DnsmasqConfig(lab.serverInterface(),
                List.of(new DhcpRange(new Ipv4Address("10.99.0.100"), new Ipv4Address("10.99.0.150"), Duration.ofHours(1))),
                Optional.empty(), Optional.empty(), HttpUrl.of("http://" + NamespaceLab.SERVER_ADDRESS + ":8080/boot/default.ipxe"),
                List.of(), hostsDirectory, Optional.of(dir.resolve("leases")), Optional.of(dir.resolve("dnsmasq.pid")), true);
        Path file = dir.resolve("dnsmasq.conf");
        new DnsmasqConfigWriter().write(config, file);
        lab.startDnsmasq(file, dir.resolve("dnsmasq.log"));
        hosts = new DhcpHostsDirectory(hostsDirectory, lab.signaller());
    }

    @AfterEach
    void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void aMachineWithoutARecordGetsNoAnswerUntilAllowed() {
        assertThat(lab.clientGetsLease()).as("empty directory: fail closed").isFalse();

        hosts.allow(MACHINE);

        assertThat(lab.clientGetsLease()).as("allowed, picked up by inotify").isTrue();
    }

    @Test
    void rewritingAFileChangesAccessWithoutASignal() {
        hosts.allow(MACHINE);
        assertThat(lab.clientGetsLease()).isTrue();

        hosts.deny(MACHINE);

        assertThat(lab.clientGetsLease()).as("the newest record for a MAC wins").isFalse();
    }

    @Test
    void discoveryAdmitsUnknownMachinesButNeverADeniedNode() {
        hosts.setUnknownHosts(HostAccess.ALLOW);
        assertThat(lab.clientGetsLease()).as("unknown machine during discovery").isTrue();

        hosts.deny(MACHINE);

        assertThat(lab.clientGetsLease()).as("an exact record beats the wildcard").isFalse();
    }

    @Test
    void aRemovedMacBecomesUnknownOnlyThanksToTheSignal() {
        // dnsmasq reads new host files asynchronously (inotify): establish each record as in force
        // before the next step, or a deletion could race ahead of the read on a loaded machine.
        hosts.setUnknownHosts(HostAccess.ALLOW);
        assertThat(leaseWithin(5, true)).as("unknown MACs are admitted").isTrue();
        hosts.deny(MACHINE);
        assertThat(leaseWithin(5, false)).as("the deny record is in force").isFalse();
        DhcpHostsDirectory unsignalled = new DhcpHostsDirectory(dir.resolve("hosts"), ProcessSignaller.none());

        unsignalled.remove(MACHINE);
        assertThat(lab.clientGetsLease()).as("deleted file, no SIGHUP: dnsmasq still ignores it").isFalse();

        hosts.compact();
        assertThat(lab.clientGetsLease()).as("after SIGHUP the MAC is unknown, and discovery admits it").isTrue();
    }

    /** Asks for a lease up to {@code attempts} times until the answer is {@code expected}; returns the last answer. */
    private boolean leaseWithin(int attempts, boolean expected) {
        boolean leased = !expected;
        for (int i = 0; i < attempts && leased != expected; i++) {
            leased = lab.clientGetsLease();
        }
        return leased;
    }
}
