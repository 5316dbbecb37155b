package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * discoverd's flat continue body: the scheduling facts ({@code cpus}, {@code cpu_arch},
 * {@code memory_mb}, {@code local_gb}), NICs by name, the BMC address and the ramdisk's error.
 * All are optional here because the {@code scheduler} and {@code validate_interfaces} hooks, not
 * the parser, report what is missing; keys added by plugins stay in {@code extra}.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record DiscoverdContinue(
        Optional<Integer> cpus,
        Optional<String> cpuArch,
        Optional<Long> memoryMb,
        Optional<Long> localGb,
        Map<String, DiscoverdInterface> interfaces,
        Optional<String> ipmiAddress,
        Optional<String> error,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements ContinueBody {

    public DiscoverdContinue {
        cpus = WireValues.orEmpty(cpus);
        cpuArch = WireValues.orEmpty(cpuArch);
        memoryMb = WireValues.orEmpty(memoryMb);
        localGb = WireValues.orEmpty(localGb);
        interfaces = WireValues.orderedMap(interfaces);
        interfaces.forEach((name, nic) -> {
            if (nic == null) {
                throw new WireFormatException("discoverd interface '" + name + "' is null; each interface must be an"
                        + " object with mac and ip");
            }
        });
        ipmiAddress = WireValues.orEmpty(ipmiAddress);
        error = WireValues.orEmpty(error);
        extra = WireValues.orderedMap(extra);
    }

    @Override
    public List<String> macAddresses() {
        return interfaces.values().stream()
                .flatMap(nic -> nic.mac().stream())
                .map(mac -> mac.toLowerCase(Locale.ROOT))
                .toList();
    }

    @Override
    public Optional<String> bmcAddress() {
        return ipmiAddress;
    }
}
