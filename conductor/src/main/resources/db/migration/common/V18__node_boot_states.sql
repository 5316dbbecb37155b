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
