package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The agent ramdisk to boot: its kernel, its initrds (the agent's first, then any extra archives,
 * e.g. vendor hardware-manager plugin jars, which the kernel unpacks over it) and the kernel
 * command line as an ordered list of parameters. The rendered command line must fit the kernel's
 * 2048-byte limit (x86 and arm64 {@code COMMAND_LINE_SIZE}).
 */
public record AgentRamdisk(HttpUrl kernel, List<HttpUrl> initrds, List<KernelParameter> parameters) {
    /** Bytes the kernel keeps of its command line on x86 and arm64; the rest is silently cut off. */
    public static final int MAX_COMMAND_LINE = 2048;
    /** Names that may legitimately repeat on a kernel command line. */
    private static final Set<String> REPEATABLE = Set.of("console");
    /** Length of BOOTIF=01-aa-bb-cc-dd-ee-ff once the boot loader has filled it in. */
    private static final int BOOTIF_LENGTH = "BOOTIF=01-aa-bb-cc-dd-ee-ff".length();

    public AgentRamdisk {
        initrds = List.copyOf(initrds);
        parameters = List.copyOf(parameters);
        if (initrds.isEmpty()) {
            throw new PxeException("an agent ramdisk needs at least one initrd (the agent's own)");
        }
        Set<String> seen = new HashSet<>();
        for (KernelParameter parameter : parameters) {
            if (!seen.add(parameter.name()) && !REPEATABLE.contains(parameter.name())) {
                throw new PxeException("kernel parameter '" + parameter.name() + "' is given twice; the kernel and "
                        + "the agent would only see one of them, so give it once");
            }
        }
        int length = commandLineLength(initrds.size(), parameters);
        if (length > MAX_COMMAND_LINE) {
            throw new PxeException("the kernel command line would be " + length + " bytes, over the kernel's limit of "
                    + MAX_COMMAND_LINE + "; drop parameters or shorten URLs");
        }
    }

    /** Whether a parameter of this name is on the command line. */
    public boolean has(String name) {
        return parameters.stream().anyMatch(p -> p.name().equals(name));
    }

    /*
     * The iPXE line, which adds "initrd=initrdN" per initrd. pxelinux lists the initrd URLs on the
     * line instead, so its renderer checks its own, longer line again.
     */
    private static int commandLineLength(int initrdCount, List<KernelParameter> parameters) {
        int length = 0;
        for (int i = 0; i < initrdCount; i++) {
            length += ("initrd=" + IpxeScriptRenderer.initrdName(i)).length() + 1;
        }
        for (KernelParameter parameter : parameters) {
            length += switch (parameter) {
                case KernelParameter.Setting s -> s.name().length() + 1 + s.value().length();
                case KernelParameter.Flag f -> f.name().length();
                case KernelParameter.BootInterface b -> BOOTIF_LENGTH;
            } + 1;
        }
        return Math.max(0, length - 1);
    }
}
