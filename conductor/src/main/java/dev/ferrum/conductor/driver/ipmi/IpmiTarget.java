package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.util.List;
import java.util.Optional;

/**
 * The BMC a node's {@code driver_info} points at for IPMI: {@code ipmi_address}, {@code ipmi_port}
 * (623), {@code ipmi_username} (empty: anonymous), {@code ipmi_password} and
 * {@code ipmi_cipher_suite}. {@link #toString()} never shows the password.
 */
public record IpmiTarget(String address, int port, Optional<String> username, String password, int cipherSuite) {

    /** Whether driver_info has what IPMI needs; checks numbers without throwing. */
    public static Validation validate(Node node) {
        List<String> missing = DriverInfo.of(node).missing(List.of("ipmi_address"));
        if (!missing.isEmpty()) {
            return Validation.missing(missing);
        }
        try {
            from(node, 3);
            return Validation.ok();
        } catch (RuntimeException e) {
            return Validation.invalid(e.getMessage());
        }
    }

    /** Reads the target; an incomplete driver_info is a DriverException naming the key. */
    public static IpmiTarget from(Node node, int defaultCipherSuite) {
        DriverInfo info = DriverInfo.of(node);
        return new IpmiTarget(info.require("ipmi_address"),
                info.integer("ipmi_port", 623, 1, 65535),
                info.string("ipmi_username"),
                node.driverInfo().string("ipmi_password").orElse(""),
                info.integer("ipmi_cipher_suite", defaultCipherSuite, 0, 17));
    }

    /** {@code host:port}, how messages name the BMC. */
    public String endpoint() {
        return (address.contains(":") ? "[" + address + "]" : address) + ":" + port;
    }

    /** The user for messages: the name, or "(anonymous)". */
    public String userForMessages() {
        return username.orElse("(anonymous)");
    }

    @Override
    public String toString() {
        return "IpmiTarget[" + endpoint() + ", user=" + userForMessages() + ", cipherSuite=" + cipherSuite + "]";
    }
}
