package dev.ferrum.conductor.api.allocations;

import dev.ferrum.conductor.json.JsonDict;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A request for one node and its outcome: {@code active} with the node it got, or {@code error} with
 * {@code lastError} saying why no node fitted. Allocations are processed synchronously, so
 * {@code allocating} is never seen from outside.
 */
public record Allocation(UUID uuid, Optional<String> name, AllocationRequirements requirements, State state,
                         Optional<UUID> nodeUuid, Optional<String> lastError, JsonDict extra, Instant createdAt,
                         Optional<Instant> updatedAt) {

    /** Ironic's allocation states. */
    public enum State {
        ALLOCATING("allocating"),
        ACTIVE("active"),
        ERROR("error");

        private final String wireName;

        State(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    public Allocation {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(requirements, "requirements");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(lastError, "lastError");
        Objects.requireNonNull(extra, "extra");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    Allocation granted(UUID node, Instant at) {
        return new Allocation(uuid, name, requirements, State.ACTIVE, Optional.of(node), Optional.empty(), extra,
                createdAt, Optional.of(at));
    }

    Allocation failed(String error, Instant at) {
        return new Allocation(uuid, name, requirements, State.ERROR, Optional.empty(), Optional.of(error), extra,
                createdAt, Optional.of(at));
    }

    /** The candidate node identities (uuids or names) as the client sent them. */
    public List<String> candidateNodes() {
        return requirements.candidateNodes();
    }
}
