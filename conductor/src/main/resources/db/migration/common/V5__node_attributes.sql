-- Node fields beyond provisioning (Ironic API 1.42-1.82, and 1.83/1.95's parent_node and
-- disable_power_off kept ahead of the versions served). Same conventions as V1: JSON text for dicts;
-- one column per statement, which both SQLite and PostgreSQL accept.
ALTER TABLE nodes ADD COLUMN description TEXT;
ALTER TABLE nodes ADD COLUMN owner VARCHAR(255);
ALTER TABLE nodes ADD COLUMN lessee VARCHAR(255);
ALTER TABLE nodes ADD COLUMN protected BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE nodes ADD COLUMN protected_reason TEXT;
ALTER TABLE nodes ADD COLUMN retired BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE nodes ADD COLUMN retired_reason TEXT;
ALTER TABLE nodes ADD COLUMN network_data TEXT NOT NULL DEFAULT '{}';
ALTER TABLE nodes ADD COLUMN shard VARCHAR(255);
ALTER TABLE nodes ADD COLUMN fault VARCHAR(255);
ALTER TABLE nodes ADD COLUMN boot_mode VARCHAR(16);
ALTER TABLE nodes ADD COLUMN secure_boot BOOLEAN;
ALTER TABLE nodes ADD COLUMN parent_node VARCHAR(36);
ALTER TABLE nodes ADD COLUMN disable_power_off BOOLEAN NOT NULL DEFAULT FALSE;

CREATE INDEX nodes_shard ON nodes (shard);
CREATE INDEX nodes_owner ON nodes (owner);
CREATE INDEX nodes_lessee ON nodes (lessee);
