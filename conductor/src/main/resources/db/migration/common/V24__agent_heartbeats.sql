-- Heartbeats the API answered 202 for that could not be recorded on the node at once (the node was locked, or
-- the heartbeat moves a flow on and so is recorded under the node's lock): kept here, newest per node, from
-- before the 202 until the node's record holds it, so a conductor that dies in between replays them on start.
CREATE TABLE agent_heartbeats (
    node_uuid       VARCHAR(36)  NOT NULL PRIMARY KEY REFERENCES nodes (uuid) ON DELETE CASCADE,
    callback_url    TEXT         NOT NULL,
    agent_version   VARCHAR(255) NOT NULL,
    agent_verify_ca TEXT,
    received_at     BIGINT       NOT NULL
);
