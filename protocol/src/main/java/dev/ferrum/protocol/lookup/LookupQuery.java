package dev.ferrum.protocol.lookup;

import dev.ferrum.protocol.json.WireValues;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The query of {@code GET /v1/lookup?addresses=<mac,mac>&node_uuid=<uuid>}. Like Ironic, parsing
 * keeps only valid MAC addresses (lower-cased) and drops the rest; a query left with neither an
 * address nor a uuid {@link #isEmpty() is empty} and is answered with 400.
 */
public record LookupQuery(List<String> addresses, Optional<String> nodeUuid) {

    private static final Pattern MAC = Pattern.compile("[0-9a-f]{2}(:[0-9a-f]{2}){5}");

    public LookupQuery {
        addresses = WireValues.listOrEmpty(addresses);
        nodeUuid = WireValues.orEmpty(nodeUuid).filter(uuid -> !uuid.isBlank());
    }

    /** The query from its raw parameters; {@code addresses} is the comma-separated list as sent. */
    public static LookupQuery parse(Optional<String> addresses, Optional<String> nodeUuid) {
        List<String> valid = new ArrayList<>();
        for (String address : addresses.orElse("").split(",")) {
            String mac = address.strip().toLowerCase(Locale.ROOT);
            if (MAC.matcher(mac).matches() && !valid.contains(mac)) {
                valid.add(mac);
            }
        }
        return new LookupQuery(valid, nodeUuid.map(String::strip));
    }

    /** Neither a usable address nor a uuid: Ironic answers 400 to such a lookup. */
    public boolean isEmpty() {
        return addresses.isEmpty() && nodeUuid.isEmpty();
    }

    /** The URL query string (without {@code ?}), encoded as IPA's HTTP client encodes it. */
    public String toQueryString() {
        StringBuilder query = new StringBuilder();
        if (!addresses.isEmpty()) {
            query.append("addresses=").append(URLEncoder.encode(String.join(",", addresses), StandardCharsets.UTF_8));
        }
        nodeUuid.ifPresent(uuid -> query.append(query.isEmpty() ? "" : "&")
                .append("node_uuid=").append(URLEncoder.encode(uuid, StandardCharsets.UTF_8)));
        return query.toString();
    }
}
