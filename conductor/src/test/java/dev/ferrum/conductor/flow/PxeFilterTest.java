package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.boot.InMemoryBootScripts;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.periodic.PxeFilter;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.pxe.dhcp.DhcpHostsDirectory;
import dev.ferrum.pxe.dhcp.FakeProcessSignaller;
import dev.ferrum.pxe.dhcp.HostAccess;
import dev.ferrum.pxe.script.AgentRamdisk;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.KernelParameters;
import dev.ferrum.pxe.script.RetryPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The PXE filter's decisions per provision state, against a real store, one explicit sync at a time. */
class PxeFilterTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    @Test
    void allowsTheMacsOfNodesBootingTheRamdiskDeniesTheRestAndForgetsDeletedPorts() throws Exception {
        conductor = flow.start(FlowConfig.defaults());
        UUID deploying = nodeThrough("deploying", "02:fc:00:00:01:01", ProvisionEvent.MANAGE, ProvisionEvent.DONE,
                ProvisionEvent.PROVIDE, ProvisionEvent.DONE, ProvisionEvent.DEPLOY);
        UUID active = nodeThrough("active", "02:fc:00:00:01:02", ProvisionEvent.MANAGE, ProvisionEvent.DONE,
                ProvisionEvent.PROVIDE, ProvisionEvent.DONE, ProvisionEvent.DEPLOY, ProvisionEvent.DONE);
        UUID rescuing = nodeThrough("rescue-wait", "02:fc:00:00:01:03", ProvisionEvent.MANAGE, ProvisionEvent.DONE,
                ProvisionEvent.PROVIDE, ProvisionEvent.DONE, ProvisionEvent.DEPLOY, ProvisionEvent.DONE,
                ProvisionEvent.RESCUE, ProvisionEvent.WAIT);
        assertThat(conductor.store.nodes().get(deploying).provisionState()).isEqualTo(ProvisionState.DEPLOYING);
        assertThat(conductor.store.nodes().get(active).provisionState()).isEqualTo(ProvisionState.ACTIVE);
        assertThat(conductor.store.nodes().get(rescuing).provisionState()).isEqualTo(ProvisionState.RESCUE_WAIT);
        Path dir = Files.createDirectories(flow.temp().resolve("hosts"));
        FakeProcessSignaller signaller = new FakeProcessSignaller();
        DhcpHostsDirectory hosts = new DhcpHostsDirectory(dir, signaller);
        InMemoryBootScripts scripts = new InMemoryBootScripts();
        try (PxeFilter filter = new PxeFilter(conductor.store, Optional.of(hosts), scripts, discoveryBoot(), false)) {
            filter.syncOnce();

            assertThat(hosts.read().hosts()).isEqualTo(Map.of(
                    MacAddresses.parse("02:fc:00:00:01:01"), HostAccess.ALLOW,
                    // Active behind the fake boot interface: nothing of ours network-boots it.
                    MacAddresses.parse("02:fc:00:00:01:02"), HostAccess.DENY,
                    MacAddresses.parse("02:fc:00:00:01:03"), HostAccess.ALLOW));
            assertThat(hosts.read().unknownHosts()).contains(HostAccess.DENY);
            assertThat(scripts.discovery()).isEmpty();
            assertThat(signaller.hangUps()).isZero();

            UUID port = conductor.store.ports().listByNode(active).getFirst().uuid();
            conductor.store.ports().delete(port);
            assertThat(filter.syncOnce().removed()).isEqualTo(1);

            assertThat(hosts.read().hosts()).doesNotContainKey(MacAddresses.parse("02:fc:00:00:01:02"));
            assertThat(signaller.hangUps()).as("dnsmasq must forget the deleted file's record").isEqualTo(1);
            assertThat(filter.syncOnce().unchanged()).as("a second sync finds nothing to do").isTrue();
        }
    }

    @Test
    void discoveryOnAdmitsUnknownMachinesWithNothingInspecting() {
        conductor = flow.start(FlowConfig.defaults());
        InMemoryBootScripts scripts = new InMemoryBootScripts();
        DhcpHostsDirectory hosts = new DhcpHostsDirectory(flow.temp(), new FakeProcessSignaller());
        try (PxeFilter filter = new PxeFilter(conductor.store, Optional.of(hosts), scripts, discoveryBoot(), true)) {
            filter.syncOnce();

            assertThat(hosts.read().unknownHosts()).contains(HostAccess.ALLOW);
            assertThat(scripts.discovery()).contains(discoveryBoot());
        }
    }

    private UUID nodeThrough(String name, String mac, ProvisionEvent... events) {
        UUID node = conductor.createNode(name, mac, "");
        conductor.store.locks().withLock(node, FlowFixture.CONDUCTOR, lock -> {
            Node n = conductor.store.nodes().get(node);
            for (ProvisionEvent event : List.of(events)) {
                n = conductor.store.transition(lock, n.version(), n.provisionState(), event, NodeMutation.none());
            }
            return n;
        });
        return node;
    }

    private static BootScript.AgentBoot discoveryBoot() {
        return new BootScript.AgentBoot(BootPurpose.INSPECT, new AgentRamdisk(HttpUrl.of("http://127.0.0.1:1/k"),
                List.of(HttpUrl.of("http://127.0.0.1:1/i")),
                List.of(KernelParameters.inspectionCallbackUrl(HttpUrl.of("http://127.0.0.1:1/v1/continue")))),
                RetryPolicy.standard());
    }
}
