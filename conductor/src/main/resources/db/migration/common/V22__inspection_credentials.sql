-- BMC credentials an operator asked the ramdisk to set during the node's next inspection (inspector's
-- new_ipmi_username / new_ipmi_password), until the conductor has verified them out of band and written them to
-- driver_info. Kept as a JSON object whose password is sealed like driver_info's secrets.
CREATE TABLE inspection_credentials (
    node_uuid   VARCHAR(36)  NOT NULL PRIMARY KEY REFERENCES nodes (uuid) ON DELETE CASCADE,
    credentials TEXT         NOT NULL,
    created_at  BIGINT       NOT NULL
);
