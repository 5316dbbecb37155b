package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.AgentRamdisk;
import dev.ferrum.pxe.script.BootPurpose;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.KernelParameter;
import dev.ferrum.pxe.script.KernelParameters;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a node and its {@link BootState} into the boot script this conductor serves, from the
 * conductor's {@link BootConfig}. Used both when a boot is prepared (to fail the flow early if it
 * cannot be built) and when a machine asks for its script, on whichever conductor it asks.
 */
public final class BootRenderer {
    private static final List<String> REQUIRED = List.of("deploy_kernel", "deploy_ramdisk");

    private final BootConfig config;

    public BootRenderer(BootConfig config) {
        this.config = config;
    }

    /** The script for {@code node} booting {@code state}; {@link DriverException} saying what to correct. */
    public BootScript render(Node node, BootState state) {
        return switch (state) {
            case BootState.Ramdisk ramdisk -> ramdisk(node, ramdisk.purpose());
            case BootState.LocalDisk ignored -> new BootScript.LocalDisk(config.localBoot());
            case BootState.Netboot netboot -> netboot(node, netboot.instance());
        };
    }

    /** Whether {@code node}'s driver_info names a usable agent kernel and ramdisk. */
    Validation validate(Node node) {
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

    /** The agent boot for {@code node} and {@code purpose}. */
    BootScript.AgentBoot ramdisk(Node node, RamdiskPurpose purpose) {
        if (validate(node) instanceof Validation.Invalid invalid) {
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

    private BootScript.AgentBoot netboot(Node node, NetbootInstance instance) {
        // Ironic's instance template: the image's kernel and ramdisk, root=UUID=, ro, and the operator's parameters.
        List<KernelParameter> parameters = new ArrayList<>();
        parameters.add(new KernelParameter.Setting("root", "UUID=" + instance.rootUuid()));
        parameters.add(new KernelParameter.Flag("ro"));
        parameters.addAll(config.extraParameters());
        try {
            return new BootScript.AgentBoot(BootPurpose.INSTANCE, new AgentRamdisk(url(instance.kernel()),
                    List.of(url(instance.ramdisk())), parameters), config.retry());
        } catch (PxeException e) {
            throw new DriverException("node=" + node.uuid() + " cannot network-boot its instance from kernel '"
                    + instance.kernel() + "' and ramdisk '" + instance.ramdisk() + "': " + e.getMessage()
                    + "; correct instance_info kernel and ramdisk", e);
        }
    }

    /** The inspection boot for machines no port names; see {@link NetworkBoot#discoveryBoot}. */
    BootScript.AgentBoot discovery(String kernel, String ramdisk) {
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
