package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.util.regex.Pattern;

/**
 * Builders for the kernel parameters the agent reads, under ironic-python-agent's names so that
 * both Ferrum's agent and a stock IPA ramdisk understand them. There is deliberately no builder
 * for {@code ipa-agent-token}: see {@link KernelParameter.Setting}.
 */
public final class KernelParameters {
    private static final Pattern REQUEST_ID = Pattern.compile("req-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern CONSOLE = Pattern.compile("[A-Za-z0-9]+(,[A-Za-z0-9]+)?");

    private KernelParameters() {
    }

    /** {@code ipa-api-url}: where a deploying or cleaning agent looks up and heartbeats. */
    public static KernelParameter apiUrl(HttpUrl conductor) {
        return new KernelParameter.Setting("ipa-api-url", conductor.value());
    }

    /** {@code ipa-inspection-callback-url}: where an inspecting agent posts its inventory. */
    public static KernelParameter inspectionCallbackUrl(HttpUrl callback) {
        return new KernelParameter.Setting("ipa-inspection-callback-url", callback.value());
    }

    /** {@code ipa-insecure=1}: the agent skips TLS verification (labs only). */
    public static KernelParameter insecure() {
        return new KernelParameter.Setting("ipa-insecure", "1");
    }

    /** {@code ipa-global-request-id}: an OpenStack request id ({@code req-<uuid>}) the agent logs. */
    public static KernelParameter globalRequestId(String requestId) {
        if (!REQUEST_ID.matcher(requestId).matches()) {
            throw new PxeException("ipa-global-request-id '" + requestId + "' must look like req-<uuid>");
        }
        return new KernelParameter.Setting("ipa-global-request-id", requestId);
    }

    /** {@code console=<device>[,<options>]}, e.g. {@code ttyS0,115200n8}; may be given more than once. */
    public static KernelParameter console(String device) {
        if (!CONSOLE.matcher(device).matches()) {
            throw new PxeException("console '" + device + "' must be a device with optional settings, e.g. ttyS0,115200n8 or tty0");
        }
        return new KernelParameter.Setting("console", device);
    }

    /** {@code quiet}: little kernel output, which matters on slow (emulated) serial consoles. */
    public static KernelParameter quiet() {
        return new KernelParameter.Flag("quiet");
    }

    /** {@code BOOTIF}, filled in by the boot loader with the MAC that PXE-booted. */
    public static KernelParameter bootInterface() {
        return new KernelParameter.BootInterface();
    }

    /** Any other {@code name=value}, checked like the rest. */
    public static KernelParameter of(String name, String value) {
        return new KernelParameter.Setting(name, value);
    }

    /** Any other bare flag, checked like the rest. */
    public static KernelParameter flag(String name) {
        return new KernelParameter.Flag(name);
    }
}
