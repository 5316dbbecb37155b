package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.api.Link;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /v1/introspection/<uuid>}: whether introspection finished and the error if it failed
 * (discoverd's two keys), plus what the inspector adds: node uuid, state ({@code waiting},
 * {@code processing}, {@code finished}, {@code error}, …), start and finish times (UTC, ISO 8601
 * without zone, as the inspector writes them) and links. Every key but {@code links} is always
 * written, null when unknown, because inspector clients index them directly; discoverd had no
 * links, so an empty list is left out.
 */
public record IntrospectionStatus(
        boolean finished,
        Optional<String> error,
        Optional<String> uuid,
        Optional<String> state,
        Optional<String> startedAt,
        Optional<String> finishedAt,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Link> links) {

    public IntrospectionStatus {
        error = WireValues.orEmpty(error);
        uuid = WireValues.orEmpty(uuid);
        state = WireValues.orEmpty(state);
        startedAt = WireValues.orEmpty(startedAt);
        finishedAt = WireValues.orEmpty(finishedAt);
        links = WireValues.listOrEmpty(links);
    }
}
