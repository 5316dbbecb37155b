package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.Map;
import java.util.Optional;

/**
 * One NIC in discoverd's {@code interfaces} dict: its MAC and IPv4 address. The inspector's stored
 * data adds {@code client_id} and {@code pxe}, kept in {@code extra}.
 */
public record DiscoverdInterface(
        Optional<String> mac,
        Optional<String> ip,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public DiscoverdInterface {
        mac = WireValues.orEmpty(mac);
        ip = WireValues.orEmpty(ip);
        extra = WireValues.orderedMap(extra);
    }

    public static DiscoverdInterface of(String mac, Optional<String> ip) {
        return new DiscoverdInterface(Optional.of(mac), ip, Map.of());
    }
}
