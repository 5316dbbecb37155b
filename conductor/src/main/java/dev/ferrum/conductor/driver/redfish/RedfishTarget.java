package dev.ferrum.conductor.driver.redfish;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Redfish service a node's {@code driver_info} points at: {@code redfish_address} (URL; a bare
 * host means https), optional {@code redfish_system_id} (the System's path), {@code redfish_username},
 * {@code redfish_password}, {@code redfish_verify_ca} (as in Ironic: true, the default, false, or the
 * path of a PEM CA bundle file) and {@code redfish_auth_type} ({@code session}, the default, or
 * {@code basic}). {@link #toString()} never shows the password.
 */
public record RedfishTarget(URI address, Optional<String> systemId, String username, String password,
        CaVerification verifyCa, AuthType authType) {

    /** How requests authenticate. */
    public enum AuthType { SESSION, BASIC }

    private static final List<String> BOOLEAN_WORDS = List.of("true", "false", "1", "0", "yes", "no", "on", "off");

    /** How an https service's certificate is checked. */
    public sealed interface CaVerification {
        /** Against the runtime's trust store. */
        record SystemTrust() implements CaVerification {
        }

        /** Not at all ({@code redfish_verify_ca=false}): a lab BMC with a self-signed certificate. */
        record Off() implements CaVerification {
        }

        /** Against the CAs of one PEM bundle. */
        record CaBundle(Path pem) implements CaVerification {
        }
    }

    public static Validation validate(Node node) {
        List<String> missing = DriverInfo.of(node).missing(List.of("redfish_address", "redfish_username",
                "redfish_password"));
        if (!missing.isEmpty()) {
            return Validation.missing(missing);
        }
        try {
            from(node);
            return Validation.ok();
        } catch (RuntimeException e) {
            return Validation.invalid(e.getMessage());
        }
    }

    public static RedfishTarget from(Node node) {
        DriverInfo info = DriverInfo.of(node);
        String raw = info.require("redfish_address");
        URI address;
        try {
            address = URI.create(raw.contains("://") ? raw : "https://" + raw);
        } catch (IllegalArgumentException e) {
            throw new DriverException("driver_info.redfish_address '" + raw + "' is not a URL; use e.g. https://10.0.0.5");
        }
        if (address.getHost() == null || !(address.getScheme().equals("http") || address.getScheme().equals("https"))) {
            throw new DriverException("driver_info.redfish_address '" + raw + "' must be http(s)://host[:port]");
        }
        String auth = info.string("redfish_auth_type").orElse("session").toLowerCase(Locale.ROOT);
        AuthType type = switch (auth) {
            case "session", "auto" -> AuthType.SESSION;
            case "basic" -> AuthType.BASIC;
            default -> throw new DriverException("driver_info.redfish_auth_type must be session, basic or auto, not '"
                    + auth + "'");
        };
        return new RedfishTarget(address, info.string("redfish_system_id"), info.require("redfish_username"),
                node.driverInfo().string("redfish_password").orElse(""), verification(node, info), type);
    }

    private static CaVerification verification(Node node, DriverInfo info) {
        Optional<String> text = info.string("redfish_verify_ca");
        if (text.isPresent() && !BOOLEAN_WORDS.contains(text.get().toLowerCase(Locale.ROOT))) {
            Path pem = Path.of(text.get());
            if (!Files.isRegularFile(pem)) {
                throw new DriverException("driver_info.redfish_verify_ca of node " + node.uuid() + " is neither true,"
                        + " false nor an existing CA bundle file: '" + text.get() + "'; give a PEM file the conductor"
                        + " can read");
            }
            return new CaVerification.CaBundle(pem);
        }
        return info.bool("redfish_verify_ca", true) ? new CaVerification.SystemTrust() : new CaVerification.Off();
    }

    @Override
    public String toString() {
        return "RedfishTarget[" + address + ", system=" + systemId.orElse("(only one)") + ", user=" + username
                + ", verifyCa=" + verifyCa + ", auth=" + authType + "]";
    }
}
