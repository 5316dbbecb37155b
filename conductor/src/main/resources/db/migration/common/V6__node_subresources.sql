-- Node sub-resources of the Ironic API (issue 9). Same conventions as V1: epoch-microsecond BIGINT times,
-- dicts and lists as JSON text, so the statements run unchanged on SQLite and PostgreSQL.

-- A port's internal_info (API 1.18): where an attached VIF is recorded (tenant_vif_port_id), as Ironic does.
ALTER TABLE ports ADD COLUMN internal_info TEXT NOT NULL DEFAULT '{}';

-- What the node's hardware interfaces report or were asked for, beside the node row so the node's own
-- columns and optimistic version stay the flows' alone: RAID (1.12) and the console's on/off state.
CREATE TABLE node_hardware (
    node_uuid               VARCHAR(36)  NOT NULL PRIMARY KEY REFERENCES nodes (uuid) ON DELETE CASCADE,
    raid_config             TEXT         NOT NULL,
    target_raid_config      TEXT         NOT NULL,
    console_enabled         BOOLEAN      NOT NULL,
    updated_at              BIGINT       NOT NULL
);

-- BIOS settings (API 1.40) as the node's bios interface last cached them, with the registry fields of 1.74.
CREATE TABLE bios_settings (
    node_uuid               VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    name                    VARCHAR(255) NOT NULL,
    value                   TEXT,
    attribute_type          VARCHAR(255),
    allowable_values        TEXT,
    lower_bound             BIGINT,
    max_length              BIGINT,
    min_length              BIGINT,
    read_only               BOOLEAN,
    reset_required          BOOLEAN,
    unique_value            BOOLEAN,
    upper_bound             BIGINT,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    PRIMARY KEY (node_uuid, name)
);
