package dev.ferrum.conductor.api;

import dev.ferrum.conductor.error.ConductorException;
import io.helidon.http.HeaderNames;
import io.helidon.http.ServerRequestHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * A request {@code http_basic} turns away before any handler, answered as Ironic's basic-auth middleware does:
 * {@code {"error": {"message": ..., "code": ...}}}, 401 with the Basic challenge for missing or wrong
 * credentials, 400 for an Authorization header that is not Basic or cannot be decoded.
 */
final class BasicAuthRefusal extends ConductorException {
    private final int status;

    private BasicAuthRefusal(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }

    static BasicAuthRefusal wrongCredentials() {
        return new BasicAuthRefusal(401, "Incorrect username or password");
    }

    /** The user and password of an {@code Authorization: Basic} header, read as Ironic reads it. */
    static ApiAuth.Basic credentials(ServerRequestHeaders headers) {
        Optional<String> header = headers.first(HeaderNames.AUTHORIZATION).map(String::strip);
        if (header.isEmpty() || header.get().isEmpty()) {
            throw new BasicAuthRefusal(401, "Authorization required");
        }
        String[] parts = header.get().split("\\s+", 2);
        if (parts.length != 2) {
            throw new BasicAuthRefusal(400, "Could not parse Authorization header");
        }
        if (!parts[0].equalsIgnoreCase("Basic")) {
            throw new BasicAuthRefusal(400, "Unsupported authorization type \"" + parts[0] + "\"");
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(parts[1].strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException garbled) {
            throw new BasicAuthRefusal(400, "Could not decode authorization token");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw new BasicAuthRefusal(400, "Could not decode authorization token");
        }
        return new ApiAuth.Basic(decoded.substring(0, colon), decoded.substring(colon + 1));
    }
}
