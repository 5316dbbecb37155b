-- Signed per-disk erase certificates the agent returned from erase_devices (NIST SP 800-88 fields).
-- The document is kept as received (the signature covers its canonical form), so anyone can check it later;
-- signature_verified and verify_problem record what the conductor found on receipt.
CREATE TABLE erase_certificates (
    uuid                VARCHAR(36)  NOT NULL PRIMARY KEY,
    node_uuid           VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    received_at         BIGINT       NOT NULL,
    device              VARCHAR(255) NOT NULL,
    serial              VARCHAR(255) NOT NULL,
    method              VARCHAR(64)  NOT NULL,
    category            VARCHAR(16)  NOT NULL,
    outcome             VARCHAR(16)  NOT NULL,
    signature_verified  BOOLEAN      NOT NULL,
    verify_problem      TEXT         NOT NULL,
    key_id              VARCHAR(64)  NOT NULL,
    document            TEXT         NOT NULL
);

CREATE INDEX erase_certificates_node ON erase_certificates (node_uuid, received_at);
