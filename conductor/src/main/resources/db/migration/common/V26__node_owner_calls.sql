-- Synchronous BMC actions (boot device, NMI, indicators, boot mode, console) asked through the API of a conductor
-- that does not own the node: the receiving conductor writes the call here and waits for the reply; the node's ring
-- owner claims the call (only before its deadline, so a call whose client was already told it timed out never runs
-- late), runs it against the BMC and writes the reply, which the caller reads and deletes. Ironic makes the same
-- request as an RPC call to the owner's topic. Rows a crashed caller left behind are pruned by age.
CREATE TABLE node_owner_calls (
    id              VARCHAR(36)  NOT NULL PRIMARY KEY,
    node_uuid       VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    action          VARCHAR(64)  NOT NULL,
    arguments       TEXT         NOT NULL,
    requested_by    VARCHAR(255) NOT NULL,
    requested_user  TEXT,
    requested_at    BIGINT       NOT NULL,
    deadline        BIGINT       NOT NULL,
    claimed_by      VARCHAR(255),
    reply_status    INTEGER,
    reply_body      TEXT
);

-- The owners' poll asks for unclaimed calls several times a second.
CREATE INDEX node_owner_calls_unclaimed ON node_owner_calls (claimed_by, deadline);
