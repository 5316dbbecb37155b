-- Node history needs an insertion-ordered key; PostgreSQL spells an identity column this way.
CREATE TABLE node_history (
    id          BIGINT       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    uuid        VARCHAR(36)  NOT NULL UNIQUE,
    node_uuid   VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    created_at  BIGINT       NOT NULL,
    from_state  VARCHAR(32)  NOT NULL,
    to_state    VARCHAR(32)  NOT NULL,
    event       VARCHAR(64)  NOT NULL,
    severity    VARCHAR(16)  NOT NULL,
    message     TEXT         NOT NULL,
    conductor   VARCHAR(255)
);

CREATE INDEX node_history_node ON node_history (node_uuid, id);
