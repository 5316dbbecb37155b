package dev.ferrum.protocol.error;

import java.util.Optional;

/**
 * The fault every OpenStack peer reports on failure: {@code faultcode} is {@code Client} (the
 * caller's mistake, 4xx) or {@code Server} (5xx), {@code faultstring} the human message, and
 * {@code debuginfo} an optional traceback. How it is wrapped on the wire depends on the peer; see
 * {@link ErrorBodies}.
 */
public record Fault(String faultcode, String faultstring, Optional<String> debuginfo) {

    public static final String CLIENT = "Client";
    public static final String SERVER = "Server";

    public Fault {
        if (faultcode == null || faultcode.isBlank()) {
            throw new WireFormatException("a fault needs a faultcode (Client or Server)");
        }
        faultstring = faultstring == null ? "" : faultstring;
        debuginfo = debuginfo == null ? Optional.empty() : debuginfo;
    }

    /** A fault caused by the caller (HTTP 4xx). */
    public static Fault client(String message) {
        return new Fault(CLIENT, message, Optional.empty());
    }

    /** A fault of the service itself (HTTP 5xx). */
    public static Fault server(String message) {
        return new Fault(SERVER, message, Optional.empty());
    }

    /** The fault code OpenStack services derive from an HTTP status: 5xx is the server's, the rest the client's. */
    public static String codeFor(int httpStatus) {
        return httpStatus >= 500 ? SERVER : CLIENT;
    }
}
