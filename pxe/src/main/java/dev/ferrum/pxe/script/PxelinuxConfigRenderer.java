package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders a {@link BootScript} as a pxelinux config ({@code pxelinux.cfg/01-<mac>} or
 * {@code pxelinux.cfg/default}) for legacy BIOS machines that PXE-boot without iPXE. Kernel and
 * initrd are fetched by URL, which needs {@code lpxelinux.0} (the HTTP-capable pxelinux);
 * pxelinux cannot retry, so {@link RetryPolicy} does not apply here.
 */
public final class PxelinuxConfigRenderer {
    // StringBuilder, for the same reasons as IpxeScriptRenderer: the records did the checking.

    /** The config text. {@link BootScript.ChainByMac} has no pxelinux form and is refused. */
    public String render(BootScript script) {
        IpxeScriptRenderer.Lines out = new IpxeScriptRenderer.Lines();
        switch (script) {
            case BootScript.AgentBoot boot -> agentBoot(out, boot);
            case BootScript.LocalDisk local -> {
                out.add("# Ferrum: boot the deployed system from the local disk. Generated; do not edit.");
                header(out);
                out.add("label ferrum");
                out.add("  localboot 0");
            }
            case BootScript.NextDevice next -> {
                out.add("# Ferrum: nothing to network-boot here; hand over to the next boot device. Generated; do not edit.");
                header(out);
                out.add("say Ferrum: " + next.message().value());
                out.add("label ferrum");
                // -1: report failure to the BIOS, which then tries its next boot device.
                out.add("  localboot -1");
            }
            case BootScript.ChainByMac chain -> throw new PxeException("pxelinux looks up pxelinux.cfg/01-<mac> by itself; "
                    + "write each machine's config under that name instead of a chaining default");
        }
        return out.text();
    }

    private static void agentBoot(IpxeScriptRenderer.Lines out, BootScript.AgentBoot boot) {
        AgentRamdisk ramdisk = boot.ramdisk();
        List<String> append = new ArrayList<>();
        append.add("initrd=" + ramdisk.initrds().stream().map(HttpUrl::value).collect(Collectors.joining(",")));
        boolean bootInterface = false;
        for (KernelParameter parameter : ramdisk.parameters()) {
            switch (parameter) {
                case KernelParameter.Setting s -> append.add(s.name() + "=" + s.value());
                case KernelParameter.Flag f -> append.add(f.name());
                case KernelParameter.BootInterface b -> bootInterface = true;
            }
        }
        String line = String.join(" ", append);
        // ipappend 2 adds " BOOTIF=01-aa-bb-cc-dd-ee-ff" (27 bytes and a space) to the line.
        int length = line.length() + (bootInterface ? 28 : 0);
        if (length > AgentRamdisk.MAX_COMMAND_LINE) {
            throw new PxeException("the pxelinux kernel command line would be " + length + " bytes, over the kernel's limit of "
                    + AgentRamdisk.MAX_COMMAND_LINE + " (pxelinux lists initrd URLs on it); shorten the URLs");
        }
        out.add("# Ferrum: boot the agent ramdisk to " + boot.purpose().label() + " this machine. Generated; do not edit.");
        out.add("# No agent token here on purpose: configs are fetched unauthenticated, the agent gets it at lookup.");
        header(out);
        out.add("label ferrum");
        out.add("  kernel " + ramdisk.kernel().value());
        out.add("  append " + line);
        if (bootInterface) {
            out.add("  ipappend 2");
        }
    }

    // Boot the one label at once: no menu, no prompt for a human who is not there.
    private static void header(IpxeScriptRenderer.Lines out) {
        out.add("default ferrum");
        out.add("prompt 0");
    }
}
