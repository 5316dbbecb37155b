-- Firmware components of each node as its firmware interface found them (Ironic's firmware_information,
-- API 1.86): the version first seen, the current one and the one last flashed by a firmware step.
CREATE TABLE firmware_components (
    node_uuid               VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    component               VARCHAR(255) NOT NULL,
    initial_version         VARCHAR(255) NOT NULL,
    current_version         VARCHAR(255) NOT NULL,
    last_version_flashed    VARCHAR(255),
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    PRIMARY KEY (node_uuid, component)
);
