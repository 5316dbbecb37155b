package dev.ferrum.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Optional;

/**
 * One major API version as a version document lists it. Ironic fills in {@code status}
 * ({@code CURRENT}, …) and the microversion range {@code minVersion}..{@code version}; IPA's agent
 * API gives only {@code id} and {@code links}, so those are optional and left out when absent.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record ApiVersion(
        String id,
        List<Link> links,
        Optional<String> status,
        Optional<Microversion> minVersion,
        Optional<Microversion> version) {

    public ApiVersion {
        WireValues.requireText(id, "API version id");
        links = WireValues.listOrEmpty(links);
        status = WireValues.orEmpty(status);
        minVersion = WireValues.orEmpty(minVersion);
        version = WireValues.orEmpty(version);
    }

    /** Ironic's entry for a current version serving {@code range}. */
    public static ApiVersion current(String id, List<Link> links, MicroversionRange range) {
        return new ApiVersion(id, links, Optional.of("CURRENT"), Optional.of(range.min()), Optional.of(range.max()));
    }
}
