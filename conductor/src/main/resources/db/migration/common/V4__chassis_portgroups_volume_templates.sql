-- Chassis, portgroups (1.23), volume connectors and targets (1.32) and deploy templates (1.55), with
-- the node's chassis and the port's portgroup. Same conventions as V1: times are epoch microseconds,
-- dicts and lists are JSON text. Portgroups and volume records go with their node, as Ironic deletes
-- them with it; a chassis holding nodes and a portgroup holding ports are refused deletion by the API.
CREATE TABLE chassis (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    description             VARCHAR(255),
    extra                   TEXT         NOT NULL,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    version                 BIGINT       NOT NULL
);

ALTER TABLE nodes ADD COLUMN chassis_uuid VARCHAR(36) REFERENCES chassis (uuid);
CREATE INDEX nodes_chassis_uuid ON nodes (chassis_uuid);

CREATE TABLE portgroups (
    uuid                        VARCHAR(36)  NOT NULL PRIMARY KEY,
    name                        VARCHAR(255) UNIQUE,
    node_uuid                   VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    address                     VARCHAR(18)  UNIQUE,
    standalone_ports_supported  BOOLEAN      NOT NULL,
    mode                        VARCHAR(255),
    properties                  TEXT         NOT NULL,
    internal_info               TEXT         NOT NULL,
    extra                       TEXT         NOT NULL,
    created_at                  BIGINT       NOT NULL,
    updated_at                  BIGINT,
    version                     BIGINT       NOT NULL
);

CREATE INDEX portgroups_node_uuid ON portgroups (node_uuid);

ALTER TABLE ports ADD COLUMN portgroup_uuid VARCHAR(36) REFERENCES portgroups (uuid) ON DELETE SET NULL;
CREATE INDEX ports_portgroup_uuid ON ports (portgroup_uuid);

CREATE TABLE volume_connectors (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    node_uuid               VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    type                    VARCHAR(32)  NOT NULL,
    connector_id            VARCHAR(255) NOT NULL,
    extra                   TEXT         NOT NULL,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    version                 BIGINT       NOT NULL,
    UNIQUE (type, connector_id)
);

CREATE INDEX volume_connectors_node_uuid ON volume_connectors (node_uuid);

CREATE TABLE volume_targets (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    node_uuid               VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    volume_type             VARCHAR(64)  NOT NULL,
    properties              TEXT         NOT NULL,
    boot_index              BIGINT       NOT NULL,
    volume_id               VARCHAR(36)  NOT NULL,
    extra                   TEXT         NOT NULL,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    version                 BIGINT       NOT NULL,
    UNIQUE (node_uuid, boot_index)
);

CREATE TABLE deploy_templates (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    name                    VARCHAR(255) NOT NULL UNIQUE,
    steps                   TEXT         NOT NULL,
    extra                   TEXT         NOT NULL,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    version                 BIGINT       NOT NULL
);
