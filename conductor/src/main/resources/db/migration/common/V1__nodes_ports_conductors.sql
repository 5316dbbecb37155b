-- Ferrum conductor schema, shared by SQLite and PostgreSQL (vendor folders hold what differs).
-- Times are epoch microseconds in BIGINT columns and free-form dicts are JSON text, so the same
-- statements work on both engines; nothing queries inside the JSON.

CREATE TABLE nodes (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    name                    VARCHAR(255) UNIQUE,
    driver                  VARCHAR(255) NOT NULL,
    bios_interface          VARCHAR(255),
    boot_interface          VARCHAR(255),
    console_interface       VARCHAR(255),
    deploy_interface        VARCHAR(255),
    firmware_interface      VARCHAR(255),
    inspect_interface       VARCHAR(255),
    management_interface    VARCHAR(255),
    network_interface       VARCHAR(255),
    power_interface         VARCHAR(255),
    raid_interface          VARCHAR(255),
    rescue_interface        VARCHAR(255),
    storage_interface       VARCHAR(255),
    vendor_interface        VARCHAR(255),
    driver_info             TEXT         NOT NULL,
    properties              TEXT         NOT NULL,
    instance_info           TEXT         NOT NULL,
    instance_uuid           VARCHAR(36)  UNIQUE,
    internal_state          TEXT         NOT NULL,
    provision_state         VARCHAR(32)  NOT NULL,
    target_provision_state  VARCHAR(32),
    power_state             VARCHAR(32),
    target_power_state      VARCHAR(32),
    maintenance             BOOLEAN      NOT NULL,
    maintenance_reason      TEXT,
    last_error              TEXT,
    resource_class          VARCHAR(80),
    traits                  TEXT         NOT NULL,
    extra                   TEXT         NOT NULL,
    conductor_group         VARCHAR(255) NOT NULL,
    automated_clean         BOOLEAN,
    -- Derived from driver_info on every write, for inspection's BMC-address lookup.
    bmc_address             VARCHAR(255),
    -- Derived from internal_state on every write, for the sweeper of expired wait states.
    wait_deadline           BIGINT,
    inspection_started_at   BIGINT,
    inspection_finished_at  BIGINT,
    provision_updated_at    BIGINT,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    -- The lock: the host name of the conductor holding the node, NULL when free.
    reservation             VARCHAR(255),
    conductor_affinity      VARCHAR(255),
    version                 BIGINT       NOT NULL
);

CREATE INDEX nodes_provision_state ON nodes (provision_state);
CREATE INDEX nodes_reservation ON nodes (reservation);
CREATE INDEX nodes_bmc_address ON nodes (bmc_address);
CREATE INDEX nodes_wait_deadline ON nodes (wait_deadline);

CREATE TABLE ports (
    uuid                    VARCHAR(36)  NOT NULL PRIMARY KEY,
    address                 VARCHAR(17)  NOT NULL UNIQUE,
    node_uuid               VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    pxe_enabled             BOOLEAN      NOT NULL,
    local_link_connection   TEXT         NOT NULL,
    physical_network        VARCHAR(64),
    extra                   TEXT         NOT NULL,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT,
    version                 BIGINT       NOT NULL
);

CREATE INDEX ports_node_uuid ON ports (node_uuid);

CREATE TABLE conductors (
    hostname                VARCHAR(255) NOT NULL PRIMARY KEY,
    drivers                 TEXT         NOT NULL,
    conductor_group         VARCHAR(255) NOT NULL,
    online                  BOOLEAN      NOT NULL,
    created_at              BIGINT       NOT NULL,
    updated_at              BIGINT       NOT NULL
);

CREATE TABLE introspection_data (
    node_uuid               VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    kind                    VARCHAR(16)  NOT NULL,
    data                    TEXT         NOT NULL,
    created_at              BIGINT       NOT NULL,
    PRIMARY KEY (node_uuid, kind)
);
