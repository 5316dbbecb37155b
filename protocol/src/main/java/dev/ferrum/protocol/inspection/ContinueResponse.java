package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The answer to a successful {@code POST /v1/continue}: the uuid of the node the data was matched
 * to. discoverd 1.0 answered an empty object, hence optional.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record ContinueResponse(Optional<String> uuid) {

    public ContinueResponse {
        uuid = WireValues.orEmpty(uuid);
    }

    public static ContinueResponse of(String nodeUuid) {
        return new ContinueResponse(Optional.of(nodeUuid));
    }
}
