package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.dhcp.DhcpHostsDirectory;
import dev.ferrum.pxe.script.AgentRamdisk;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.KernelParameter;
import dev.ferrum.pxe.script.KernelParameters;
import dev.ferrum.support.net.MacAddress;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code ipxe} and {@code pxe} boot interfaces: build the node's boot from the pxe module's
 * records (kernel and ramdisk from {@code driver_info.deploy_kernel}/{@code deploy_ramdisk},
 * absolute or relative to the boot file server) and publish it per MAC in
 * {@link InMemoryBootScripts}; when a DHCP hosts directory is configured, let the node's MACs be
 * answered while it network-boots and ignored once cleaned up. Both names serve the same records;
 * the file server renders them for the loader that asks.
 */
public final class NetworkBoot implements BootInterface {
    private static final System.Logger LOG = System.getLogger(NetworkBoot.class.getName());
    private static final List<String> REQUIRED = List.of("deploy_kernel", "deploy_ramdisk");

    private final String name;
    private final BootConfig config;
    private final InMemoryBootScripts scripts;
    private final Optional<DhcpHostsDirectory> dhcpHosts;

    public NetworkBoot(String name, BootConfig config, InMemoryBootScripts scripts, Optional<DhcpHostsDirectory> dhcpHosts) {
        if (!name.equals("ipxe") && !name.equals("pxe")) {
            throw new IllegalArgumentException("a network boot interface is ipxe or pxe, not " + name);
        }
        this.name = name;
        this.config = config;
        this.scripts = scripts;
        this.dhcpHosts = dhcpHosts;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Validation validate(Node node) {
        DriverInfo info = DriverInfo.of(node);
        List<String> missing = info.missing(REQUIRED);
        if (!missing.isEmpty()) {
            return Validation.missing(missing);
        }
        for (String key : REQUIRED) {
            try {
                url(info.require(key));
            } catch (PxeException e) {
                return Validation.invalid("driver_info." + key + " is not a usable URL: " + e.getMessage());
            }
        }
        return Validation.ok();
    }

    @Override
    public void prepareRamdisk(BootTarget target, RamdiskPurpose purpose) {
        BootScript.AgentBoot boot = ramdiskBoot(target.node(), purpose);
        for (MacAddress mac : target.macs()) {
            scripts.publish(mac, boot);
            dhcpHosts.ifPresent(hosts -> hosts.allow(mac));
        }
        LOG.log(Level.INFO,
                () -> "node=" + target.node().uuid() + " serving the " + purpose.name().toLowerCase(java.util.Locale.ROOT)
                + " ramdisk to " + target.macs().size() + " MAC(s) via " + name);
    }

    @Override
    public void cleanUpRamdisk(BootTarget target) {
        for (MacAddress mac : target.macs()) {
            scripts.withdraw(mac);
            dhcpHosts.ifPresent(hosts -> hosts.deny(mac));
        }
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " boot scripts withdrawn");
    }

    @Override
    public void prepareInstance(BootTarget target) {
        BootScript local = new BootScript.LocalDisk(config.localBoot());
        // The MACs stay allowed: the node keeps network-booting, and its script now hands over to disk.
        for (MacAddress mac : target.macs()) {
            scripts.publish(mac, local);
            dhcpHosts.ifPresent(hosts -> hosts.allow(mac));
        }
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " network boot now hands over to the local disk");
    }

    @Override
    public void prepareNetbootInstance(BootTarget target, NetbootInstance instance) {
        // Ironic's instance template: the image's kernel and ramdisk, root=UUID=, ro, and the operator's parameters.
        List<KernelParameter> parameters = new ArrayList<>();
        parameters.add(new KernelParameter.Setting("root", "UUID=" + instance.rootUuid()));
        parameters.add(new KernelParameter.Flag("ro"));
        parameters.addAll(config.extraParameters());
        BootScript.AgentBoot boot;
        try {
            boot = new BootScript.AgentBoot(BootPurpose.INSTANCE, new AgentRamdisk(url(instance.kernel()),
                    List.of(url(instance.ramdisk())), parameters), config.retry());
        } catch (PxeException e) {
            throw new DriverException("node=" + target.node().uuid() + " cannot network-boot its instance from kernel '"
                    + instance.kernel() + "' and ramdisk '" + instance.ramdisk() + "': " + e.getMessage()
                    + "; correct instance_info kernel and ramdisk", e);
        }
        for (MacAddress mac : target.macs()) {
            scripts.publish(mac, boot);
            dhcpHosts.ifPresent(hosts -> hosts.allow(mac));
        }
        LOG.log(Level.INFO, () -> "node=" + target.node().uuid() + " network boot now starts the instance kernel with"
                + " root=UUID=" + instance.rootUuid());
    }

    /** The agent boot this interface would serve {@code node} for {@code purpose}. */
    public BootScript.AgentBoot ramdiskBoot(Node node, RamdiskPurpose purpose) {
        Validation validation = validate(node);
        if (validation instanceof Validation.Invalid invalid) {
            throw new DriverException("node=" + node.uuid() + " cannot boot the agent ramdisk: " + invalid.reason());
        }
        DriverInfo info = DriverInfo.of(node);
        List<KernelParameter> parameters = new ArrayList<>();
        parameters.add(KernelParameters.apiUrl(config.apiUrl()));
        if (purpose == RamdiskPurpose.INSPECT) {
            parameters.add(KernelParameters.inspectionCallbackUrl(config.inspectionCallbackUrl()));
        }
        parameters.add(KernelParameters.bootInterface());
        parameters.addAll(config.extraParameters());
        try {
            AgentRamdisk ramdisk = new AgentRamdisk(url(info.require("deploy_kernel")),
                    List.of(url(info.require("deploy_ramdisk"))), parameters);
            return new BootScript.AgentBoot(purpose.scriptPurpose(), ramdisk, config.retry());
        } catch (PxeException e) {
            throw new DriverException("node=" + node.uuid() + " cannot boot the agent ramdisk: " + e.getMessage(), e);
        }
    }

    /**
     * The boot for machines no port names while discovery admits them: the inspection ramdisk from
     * {@code kernel} and {@code ramdisk} (URLs, or paths under the boot files) with only the inspection
     * call-back, the booting MAC and the operator's extra parameters. No {@code ipa-api-url}: such a
     * machine has no node to look up, so its agent posts its inventory and stops (IPA does the same).
     */
    public BootScript.AgentBoot discoveryBoot(String kernel, String ramdisk) {
        List<KernelParameter> parameters = new ArrayList<>();
        parameters.add(KernelParameters.inspectionCallbackUrl(config.inspectionCallbackUrl()));
        parameters.add(KernelParameters.bootInterface());
        parameters.addAll(config.extraParameters());
        try {
            AgentRamdisk agent = new AgentRamdisk(url(kernel), List.of(url(ramdisk)), parameters);
            return new BootScript.AgentBoot(RamdiskPurpose.INSPECT.scriptPurpose(), agent, config.retry());
        } catch (PxeException e) {
            throw new DriverException("cannot build the discovery boot from kernel '" + kernel + "' and ramdisk '"
                    + ramdisk + "': " + e.getMessage(), e);
        }
    }

    private HttpUrl url(String value) {
        return value.contains("://") ? HttpUrl.of(value) : config.filesUrl().resolve(value);
    }
}
