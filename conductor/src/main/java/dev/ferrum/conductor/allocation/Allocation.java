package dev.ferrum.conductor.allocation;

import dev.ferrum.conductor.json.JsonDict;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A request for one node and its outcome, with Ironic's allocation fields: {@code active} with the
 * node it got, or {@code error} with {@code lastError} saying why no node fitted. Allocations are
 * processed synchronously, so {@code allocating} is only seen by a conductor that stopped mid-way.
 */
public record Allocation(UUID uuid, Optional<String> name, AllocationRequirements requirements, State state,
                         Optional<UUID> nodeUuid, Optional<String> lastError, JsonDict extra, Optional<String> owner,
                         Instant createdAt, Optional<Instant> updatedAt) {

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

        /** The state a stored or sent wire name stands for. */
        public static State fromWireName(String name) {
            return Arrays.stream(values()).filter(s -> s.wireName.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown allocation state " + name));
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
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** A new allocation, not yet processed. */
    public static Allocation requested(UUID uuid, Optional<String> name, AllocationRequirements requirements,
                                       JsonDict extra, Optional<String> owner, Instant at) {
        return new Allocation(uuid, name, requirements, State.ALLOCATING, Optional.empty(), Optional.empty(), extra,
                owner, at, Optional.empty());
    }

    public Allocation granted(UUID node, Instant at) {
        return new Allocation(uuid, name, requirements, State.ACTIVE, Optional.of(node), Optional.empty(), extra,
                owner, createdAt, Optional.of(at));
    }

    public Allocation failed(String error, Instant at) {
        return new Allocation(uuid, name, requirements, State.ERROR, Optional.empty(), Optional.of(error), extra,
                owner, createdAt, Optional.of(at));
    }

    /** This allocation renamed and with new extra (API 1.57's PATCH), changed {@code at}. */
    public Allocation withDetails(Optional<String> newName, JsonDict newExtra, Instant at) {
        return new Allocation(uuid, newName, requirements, state, nodeUuid, lastError, newExtra, owner, createdAt,
                Optional.of(at));
    }

    /** The candidate node identities (uuids or names) as the client sent them. */
    public List<String> candidateNodes() {
        return requirements.candidateNodes();
    }
}
