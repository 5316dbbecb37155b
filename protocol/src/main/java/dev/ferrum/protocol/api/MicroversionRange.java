package dev.ferrum.protocol.api;

import dev.ferrum.protocol.error.VersionNotAcceptableException;
import dev.ferrum.protocol.error.WireFormatException;
import java.util.Optional;

/**
 * The microversions a service supports, inclusive, and the negotiation Ironic performs on each
 * request: no header means the minimum, {@code latest} the maximum, anything else must lie within
 * the range (otherwise 406).
 */
public record MicroversionRange(Microversion min, Microversion max) {

    public MicroversionRange {
        if (min == null || max == null) {
            throw new WireFormatException("a microversion range needs both ends");
        }
        if (min.isLatest() || max.isLatest() || min.compareTo(max) > 0) {
            throw new WireFormatException("invalid microversion range [" + min + ", " + max + "]");
        }
    }

    public boolean contains(Microversion version) {
        return version.compareTo(min) >= 0 && version.compareTo(max) <= 0;
    }

    /**
     * The version a request is served at, given its {@code X-OpenStack-Ironic-API-Version} header.
     *
     * @throws VersionNotAcceptableException if the header is malformed or outside this range
     */
    public Microversion negotiate(Optional<String> header) {
        if (header.isEmpty() || header.get().isBlank()) {
            return min;
        }
        Microversion requested;
        try {
            requested = Microversion.parse(header.get());
        } catch (WireFormatException e) {
            throw new VersionNotAcceptableException("Invalid value for " + ApiHeaders.IRONIC_VERSION
                    + " header: '" + header.get() + "'. Use <major>.<minor> within [" + min + ", " + max
                    + "] or 'latest'.", e);
        }
        if (requested.isLatest()) {
            return max;
        }
        if (!contains(requested)) {
            throw new VersionNotAcceptableException("Version " + requested + " was requested but is not"
                    + " supported by this service. The supported version range is: [" + min + ", " + max + "].");
        }
        return requested;
    }
}
