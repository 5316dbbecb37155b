-- Takeover looks for the waiting nodes of each dead conductor by conductor_affinity every heartbeat;
-- without an index that is a scan of the whole fleet per conductor and tick.
CREATE INDEX nodes_conductor_affinity ON nodes (conductor_affinity);
