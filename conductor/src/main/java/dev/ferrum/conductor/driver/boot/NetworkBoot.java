package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.pxe.dhcp.DhcpHostsDirectory;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.support.net.MacAddress;
import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code ipxe} and {@code pxe} boot interfaces: build the node's boot from the pxe module's
 * records (kernel and ramdisk from {@code driver_info.deploy_kernel}/{@code deploy_ramdisk},
 * absolute or relative to the boot file server) and record it on the {@link BootBoard} (the store, so
 * every conductor serves it); when a DHCP hosts directory is configured, let the node's MACs be
 * answered while it network-boots and ignored once cleaned up. Both names serve the same records;
 * the file server renders them for the loader that asks.
 */
public final class NetworkBoot implements BootInterface {
    private static final System.Logger LOG = System.getLogger(NetworkBoot.class.getName());

    private final String name;
    private final BootRenderer renderer;
    private final BootBoard board;
    private final Optional<DhcpHostsDirectory> dhcpHosts;

    public NetworkBoot(String name, BootConfig config, BootBoard board, Optional<DhcpHostsDirectory> dhcpHosts) {
        if (!name.equals("ipxe") && !name.equals("pxe")) {
            throw new IllegalArgumentException("a network boot interface is ipxe or pxe, not " + name);
        }
        this.name = name;
        this.renderer = new BootRenderer(config);
        this.board = board;
        this.dhcpHosts = dhcpHosts;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Validation validate(Node node) {
        return renderer.validate(node);
    }

    @Override
    public void prepareRamdisk(BootTarget target, RamdiskPurpose purpose) {
        serve(target, new BootState.Ramdisk(purpose));
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " serving the " + purpose.name().toLowerCase(Locale.ROOT)
                + " ramdisk to " + target.macs().size() + " MAC(s) via " + name);
    }

    @Override
    public void cleanUpRamdisk(BootTarget target) {
        board.withdraw(target);
        for (MacAddress mac : target.macs()) {
            dhcpHosts.ifPresent(hosts -> hosts.deny(mac));
        }
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " boot scripts withdrawn");
    }

    @Override
    public void prepareInstance(BootTarget target) {
        // The MACs stay allowed: the node keeps network-booting, and its script now hands over to disk.
        serve(target, new BootState.LocalDisk());
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " network boot now hands over to the local disk");
    }

    @Override
    public void prepareNetbootInstance(BootTarget target, NetbootInstance instance) {
        serve(target, new BootState.Netboot(instance));
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " network boot now starts the instance kernel with"
                + " root=UUID=" + instance.rootUuid());
    }

    /** Renders first, so a boot that cannot be built fails the flow now rather than the machine later. */
    private void serve(BootTarget target, BootState state) {
        board.publish(target, state, renderer.render(target.node(), state));
        for (MacAddress mac : target.macs()) {
            dhcpHosts.ifPresent(hosts -> hosts.allow(mac));
        }
    }

    /** The agent boot this interface would serve {@code node} for {@code purpose}. */
    public BootScript.AgentBoot ramdiskBoot(Node node, RamdiskPurpose purpose) {
        return renderer.ramdisk(node, purpose);
    }

    /**
     * The boot for machines no port names while discovery admits them: the inspection ramdisk from
     * {@code kernel} and {@code ramdisk} (URLs, or paths under the boot files) with only the inspection
     * call-back, the booting MAC and the operator's extra parameters. No {@code ipa-api-url}: such a
     * machine has no node to look up, so its agent posts its inventory and stops (IPA does the same).
     */
    public BootScript.AgentBoot discoveryBoot(String kernel, String ramdisk) {
        return renderer.discovery(kernel, ramdisk);
    }
}
