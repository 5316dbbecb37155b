package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the BMC host a node's {@code driver_info} points at, so inspection can match the
 * {@code bmc_address} a ramdisk reports: {@code ipmi_address} first, then {@code redfish_address}
 * (a URL or a bare host), then any other {@code *_address} key.
 */
public final class BmcAddress {

    private BmcAddress() {
    }

    /** The normalised host (lower case, no scheme, port or brackets), if driver_info names one. */
    public static Optional<String> of(JsonDict driverInfo) {
        Optional<String> preferred = driverInfo.string("ipmi_address").or(() -> driverInfo.string("redfish_address"));
        Optional<String> any = preferred.or(() -> driverInfo.keys().stream()
                .filter(key -> key.endsWith("_address"))
                .sorted()
                .map(driverInfo::string)
                .flatMap(Optional::stream)
                .findFirst());
        return any.map(String::strip).filter(s -> !s.isEmpty()).map(BmcAddress::host);
    }

    /** The host part of {@code address}, which may be a URL, host:port, [v6]:port or a bare host. */
    static String host(String address) {
        String candidate = address;
        if (candidate.contains("://")) {
            try {
                String host = URI.create(candidate).getHost();
                if (host != null) {
                    candidate = host;
                }
            } catch (IllegalArgumentException notAUri) {
                // Not a parseable URL: fall through and treat the text as host[:port].
            }
        }
        if (candidate.startsWith("[") && candidate.contains("]")) {
            candidate = candidate.substring(1, candidate.indexOf(']'));
        } else if (candidate.chars().filter(c -> c == ':').count() == 1) {
            candidate = candidate.substring(0, candidate.indexOf(':'));
        }
        return candidate.toLowerCase(Locale.ROOT);
    }
}
