package dev.ferrum.conductor.driver.redfish;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Redfish service a node's {@code driver_info} points at: {@code redfish_address} (URL; a bare
 * host means https), optional {@code redfish_system_id} (the System's path), {@code redfish_username},
 * {@code redfish_password}, {@code redfish_verify_ca} (default true) and {@code redfish_auth_type}
 * ({@code session}, the default, or {@code basic}). {@link #toString()} never shows the password.
 */
public record RedfishTarget(URI address, Optional<String> systemId, String username, String password, boolean verifyCa,
        AuthType authType) {

    /** How requests authenticate. */
    public enum AuthType { SESSION, BASIC }

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
                node.driverInfo().string("redfish_password").orElse(""), info.bool("redfish_verify_ca", true), type);
    }

    @Override
    public String toString() {
        return "RedfishTarget[" + address + ", system=" + systemId.orElse("(only one)") + ", user=" + username
                + ", verifyCa=" + verifyCa + ", auth=" + authType + "]";
    }
}
