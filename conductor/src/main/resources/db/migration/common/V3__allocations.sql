-- Allocations (API 1.52), kept across restarts like nodes. Same conventions as V1: times are epoch
-- microseconds, lists and dicts are JSON text. Ferrum's exact-match sizes sit beside Ironic's fields.
-- An allocation goes with its node, as Ironic deletes a node's allocation with the node.
CREATE TABLE allocations (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    name                    VARCHAR(255) UNIQUE,
    resource_class          VARCHAR(80)  NOT NULL,
    traits                  TEXT         NOT NULL,
    candidate_nodes         TEXT         NOT NULL,
    cpus                    BIGINT,
    memory_mb               BIGINT,
    local_gb                BIGINT,
    allow_larger            BOOLEAN      NOT NULL,
    node_uuid               VARCHAR(36)  REFERENCES nodes (uuid) ON DELETE CASCADE,
    state                   VARCHAR(16)  NOT NULL,
    last_error              TEXT,
    extra                   TEXT         NOT NULL,
    owner                   VARCHAR(255),
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT
);

CREATE INDEX allocations_node_uuid ON allocations (node_uuid);
