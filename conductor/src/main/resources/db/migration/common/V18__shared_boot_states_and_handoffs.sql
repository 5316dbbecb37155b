-- What a node's network boot serves now (agent ramdisk for a purpose, its local disk, or its netbooted
-- instance), so any conductor renders the boot script of a machine that PXE-boots from it, not only the
-- conductor that prepared the boot. No row: the node is not network-booting. mode is ramdisk, local or
-- netboot; purpose is set for ramdisk, kernel/ramdisk/root_uuid for netboot.
CREATE TABLE node_boot_states (
    node_uuid   VARCHAR(36)  NOT NULL PRIMARY KEY REFERENCES nodes (uuid) ON DELETE CASCADE,
    mode        VARCHAR(16)  NOT NULL,
    purpose     VARCHAR(16),
    kernel      TEXT,
    ramdisk     TEXT,
    root_uuid   VARCHAR(64),
    updated_at  BIGINT       NOT NULL
);

-- Work an API action left for the node's ring owner: the conductor that took the request did the first
-- transition under the node's lock and, not owning the node, records here what comes next (advance the
-- new state, unhold, or finish an abort); the owner takes the row and does it, as Ironic's API hands the
-- action to the owner's RPC topic. One pending continuation per node.
CREATE TABLE node_handoffs (
    node_uuid     VARCHAR(36)  NOT NULL PRIMARY KEY REFERENCES nodes (uuid) ON DELETE CASCADE,
    work          VARCHAR(16)  NOT NULL,
    ramdisk_ran   BOOLEAN      NOT NULL,
    requested_by  VARCHAR(255) NOT NULL,
    requested_at  BIGINT       NOT NULL
);
