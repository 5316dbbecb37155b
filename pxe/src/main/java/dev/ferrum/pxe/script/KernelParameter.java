package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One parameter of the agent ramdisk's kernel command line: {@code name=value}, a bare flag such
 * as {@code quiet}, or the boot interface ({@code BOOTIF}), which each boot dialect fills in its
 * own way. Names and values are checked so that no parameter can break the line it is put on;
 * {@link KernelParameters} builds the ones the agent reads.
 */
public sealed interface KernelParameter permits KernelParameter.Setting, KernelParameter.Flag, KernelParameter.BootInterface {

    /** The parameter's name as the kernel and the agent see it. */
    String name();

    /**
     * {@code name=value}. Values are one word of printable ASCII without quotes, backslash,
     * {@code $}, {@code {} or {@code }}: iPXE has no quoting and expands {@code ${...}}, and the
     * kernel gives {@code "} a meaning of its own.
     */
    record Setting(String name, String value) implements KernelParameter {
        public Setting {
            Rules.checkName(name);
            Rules.checkValue(name, value);
        }
    }

    /** A parameter without a value, e.g. {@code quiet}. */
    record Flag(String name) implements KernelParameter {
        public Flag {
            Rules.checkName(name);
        }
    }

    /**
     * {@code BOOTIF}: the MAC of the NIC that PXE-booted, which the agent uses to pick the
     * interface it looks up and heartbeats with. iPXE writes {@code BOOTIF=01-${mac:hexhyp}};
     * pxelinux appends it itself ({@code ipappend 2}).
     */
    record BootInterface() implements KernelParameter {
        @Override
        public String name() {
            return "BOOTIF";
        }
    }

    /** The naming and quoting rules shared by the parameter kinds. */
    final class Rules {
        private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.\\-]*");
        private static final Pattern VALUE = Pattern.compile("[\\x21-\\x7e&&[^\"'\\\\${}`]]+");
        /*
         * Names the renderers own, or that must never be in a boot script. The agent token is a
         * secret: boot scripts are fetched without authentication by anything on the provisioning
         * network, so the agent receives its token from the conductor at lookup instead.
         */
        private static final Set<String> RESERVED = Set.of("bootif", "initrd", "ipa-agent-token");

        private Rules() {
        }

        static void checkName(String name) {
            if (!NAME.matcher(name).matches()) {
                throw new PxeException("kernel parameter name '" + HttpUrl.printable(name) + "' is not allowed: use letters, "
                        + "digits, '_', '.', '-' (starting with a letter or digit), with no spaces, quotes or '='");
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("ipa-agent-token")) {
                throw new PxeException("kernel parameter 'ipa-agent-token' is refused: boot scripts are served without "
                        + "authentication, so secrets must never be in them; the agent gets its token at lookup");
            }
            if (RESERVED.contains(lower)) {
                throw new PxeException("kernel parameter '" + name + "' is written by the boot script renderer itself; "
                        + "use KernelParameters.bootInterface() for BOOTIF and AgentRamdisk's initrd list for initrd");
            }
        }

        static void checkValue(String name, String value) {
            if (value.isEmpty()) {
                throw new PxeException("kernel parameter '" + name + "' has an empty value; use a Flag for a bare '" + name + "'");
            }
            if (!VALUE.matcher(value).matches()) {
                throw new PxeException("kernel parameter '" + name + "' has value '" + HttpUrl.printable(value)
                        + "' that would break the boot script or kernel command line: it must be one word of printable "
                        + "ASCII without whitespace, quotes, '\\', '`', '$', '{' or '}'");
            }
        }
    }
}
