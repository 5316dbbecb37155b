package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.node.InterfaceKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code driver_info} keys each interface implementation reads, with a description of each, for
 * {@code GET /v1/drivers/<d>/properties}: a hardware type offers the union of its default implementations'
 * keys. An implementation not listed reads none.
 */
public final class DriverProperties {
    private static final Map<String, String> IPMI = ordered(
            "ipmi_address", "Host name or IP address of the node's BMC. Required.",
            "ipmi_username", "User to log in to the BMC as; the anonymous user when not given. Optional.",
            "ipmi_password", "Password of that user. Optional.",
            "ipmi_port", "UDP port of the BMC's RMCP service; 623 when not given. Optional.",
            "ipmi_cipher_suite", "IPMI cipher suite number (3 or 17); ipmitool's default when not given. Optional.");
    private static final Map<String, String> REDFISH = ordered(
            "redfish_address", "URL of the Redfish service, e.g. https://bmc.example.org. Required.",
            "redfish_system_id", "Path of the ComputerSystem resource; the only system when not given. Optional.",
            "redfish_username", "User to log in to the Redfish service as. Required.",
            "redfish_password", "Password of that user. Optional.",
            "redfish_verify_ca", "true, false or the path of a CA bundle to verify the service's certificate with;"
                    + " true when not given. Optional.",
            "redfish_auth_type", "How to authenticate: session, basic or auto; session when not given. Optional.");
    private static final Map<String, String> NETWORK_BOOT = ordered(
            "deploy_kernel", "URL or path of the deploy ramdisk's kernel. Required unless configured globally.",
            "deploy_ramdisk", "URL or path of the deploy ramdisk's initramfs. Required unless configured globally.");
    private static final Map<String, String> FAKE_VENDOR = ordered(
            "B1", "B1 description. Required.",
            "B2", "B2 description. Required.");

    private DriverProperties() {
    }

    /** The keys {@code implementation} of {@code kind} reads, with their descriptions. */
    public static Map<String, String> of(InterfaceKind kind, String implementation) {
        return switch (kind) {
            case POWER, MANAGEMENT -> switch (implementation) {
                case "ipmitool" -> IPMI;
                case "redfish" -> REDFISH;
                default -> Map.of();
            };
            case BOOT -> implementation.equals("ipxe") || implementation.equals("pxe") ? NETWORK_BOOT : Map.of();
            case VENDOR -> implementation.equals("fake") ? FAKE_VENDOR : Map.of();
            default -> Map.of();
        };
    }

    private static Map<String, String> ordered(String... keysAndDescriptions) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndDescriptions.length; i += 2) {
            out.put(keysAndDescriptions[i], keysAndDescriptions[i + 1]);
        }
        return Collections.unmodifiableMap(out);
    }
}
