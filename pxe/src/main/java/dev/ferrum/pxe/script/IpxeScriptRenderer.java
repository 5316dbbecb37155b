package dev.ferrum.pxe.script;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link BootScript} as an iPXE script. The output is a pure function of the record:
 * the same input always gives byte-identical text (golden-tested), lines end in {@code \n}.
 */
public final class IpxeScriptRenderer {
    /*
     * Plain StringBuilder rather than a template engine: iPXE has no quoting or escaping at all
     * (lines are split on whitespace, "${...}" is expanded everywhere), so an engine's escaping
     * would be wrong, not helpful. Safety comes from the records instead: every value that reaches
     * a line here has been checked by HttpUrl, KernelParameter or ConsoleText. The module also may
     * not depend on anything beyond the JDK and Helidon.
     */
    private static final String COUNTER = "ferrum_attempt";

    /** The iPXE image name of the {@code index}-th initrd, as named on the kernel command line. */
    static String initrdName(int index) {
        return "initrd" + index;
    }

    /** The script text, starting with {@code #!ipxe}. */
    public String render(BootScript script) {
        Lines out = new Lines();
        out.add("#!ipxe");
        switch (script) {
            case BootScript.AgentBoot boot -> agentBoot(out, boot);
            case BootScript.LocalDisk local -> localDisk(out, local);
            case BootScript.ChainByMac chain -> chainByMac(out, chain);
            case BootScript.NextDevice next -> nextDevice(out, next);
        }
        return out.text();
    }

    private static void agentBoot(Lines out, BootScript.AgentBoot boot) {
        String purpose = boot.purpose().label();
        AgentRamdisk ramdisk = boot.ramdisk();
        out.add("# Ferrum: boot the agent ramdisk to " + purpose + " this machine. Generated; do not edit.");
        out.add("# No agent token here on purpose: scripts are fetched unauthenticated, the agent gets it at lookup.");
        startAttempts(out);
        out.add("imgfree");
        List<String> kernel = new ArrayList<>();
        kernel.add("kernel");
        kernel.add(ramdisk.kernel().value());
        for (int i = 0; i < ramdisk.initrds().size(); i++) {
            // Named so UEFI kernels find their initrds; under BIOS iPXE passes them all anyway.
            kernel.add("initrd=" + initrdName(i));
        }
        for (KernelParameter parameter : ramdisk.parameters()) {
            kernel.add(switch (parameter) {
                case KernelParameter.Setting s -> s.name() + "=" + s.value();
                case KernelParameter.Flag f -> f.name();
                case KernelParameter.BootInterface b -> "BOOTIF=01-${mac:hexhyp}";
            });
        }
        kernel.add("|| goto ferrum_failed");
        out.add(String.join(" ", kernel));
        for (int i = 0; i < ramdisk.initrds().size(); i++) {
            out.add("initrd --name " + initrdName(i) + " " + ramdisk.initrds().get(i).value() + " || goto ferrum_failed");
        }
        out.add("boot || goto ferrum_failed");
        retryAndGiveUp(out, boot.retry(), "load the " + purpose + " ramdisk",
                "check that " + ramdisk.kernel().value() + " is reachable from this machine");
    }

    private static void localDisk(Lines out, BootScript.LocalDisk local) {
        out.add("# Ferrum: boot the deployed system from the local disk. Generated; do not edit.");
        switch (local.method()) {
            case SANBOOT -> {
                out.add("echo Ferrum: booting from the local disk (drive 0x80)");
                out.add("sanboot --no-describe --drive 0x80 ||");
                out.add("echo Ferrum: sanboot failed, leaving iPXE for the next boot device");
                out.add("exit");
            }
            case EXIT -> {
                out.add("echo Ferrum: leaving iPXE to boot from the local disk");
                out.add("exit");
            }
        }
    }

    private static void chainByMac(Lines out, BootScript.ChainByMac chain) {
        out.add("# Ferrum: fetch this machine's own boot script by the MAC it booted from. Generated; do not edit.");
        startAttempts(out);
        // Concatenated, not resolved: "${mac:hexhyp}" is for iPXE to expand, which HttpUrl rightly refuses.
        String directory = chain.scripts().value().endsWith("/") ? chain.scripts().value() : chain.scripts().value() + "/";
        out.add("chain --replace --autofree " + directory + "${mac:hexhyp}.ipxe || goto ferrum_failed");
        retryAndGiveUp(out, chain.retry(), "fetch the boot script for ${mac}",
                "check that " + chain.scripts().value() + " is reachable from this machine");
    }

    private static void nextDevice(Lines out, BootScript.NextDevice next) {
        out.add("# Ferrum: nothing to network-boot here; hand over to the next boot device. Generated; do not edit.");
        out.add("echo Ferrum: " + next.message().value());
        sleep(out, next.pause().toSeconds());
        out.add("exit");
    }

    private static void startAttempts(Lines out) {
        out.add("set " + COUNTER + ":int32 0");
        out.add(":ferrum_retry");
        out.add("inc " + COUNTER);
    }

    /*
     * The shared tail of a bounded retry loop. The counter is a typed int32 setting so that "inc"
     * works and "${ferrum_attempt}" prints as a number; a trailing "||" keeps a false iseq from
     * aborting the script.
     */
    private static void retryAndGiveUp(Lines out, RetryPolicy retry, String task, String hint) {
        out.add(":ferrum_failed");
        out.add("iseq ${" + COUNTER + "} " + retry.attempts() + " && goto ferrum_give_up ||");
        long delay = retry.delay().toSeconds();
        out.add("echo Ferrum: attempt ${" + COUNTER + "} of " + retry.attempts() + " to " + task
                + " failed, retrying " + (delay > 0 ? "in " + delay + " s" : "now"));
        sleep(out, delay);
        out.add("goto ferrum_retry");
        out.add(":ferrum_give_up");
        out.add("echo Ferrum: could not " + task + " after " + retry.attempts()
                + (retry.attempts() == 1 ? " attempt" : " attempts"));
        out.add("echo Ferrum: " + hint);
        String action = switch (retry.onFailure()) {
            case REBOOT -> "rebooting";
            case SHELL -> "dropping to the iPXE shell";
            case EXIT -> "leaving iPXE for the next boot device";
        };
        long pause = retry.pause().toSeconds();
        out.add("echo Ferrum: " + action + (pause > 0 ? " in " + pause + " s" : " now"));
        sleep(out, retry.pause().toSeconds());
        out.add(retry.onFailure().ipxeCommand());
    }

    private static void sleep(Lines out, long seconds) {
        if (seconds > 0) {
            out.add("sleep " + seconds);
        }
    }

    /** Collects lines and joins them with the newline iPXE expects. */
    static final class Lines {
        private final StringBuilder text = new StringBuilder();

        void add(String line) {
            text.append(line).append('\n');
        }

        String text() {
            return text.toString();
        }
    }
}
