-- Power requests go to the node's ring owner through node_handoffs too. A node may then have two pending
-- continuations, one per lane: 'provision' (advance, unhold, abort; a newer one replaces the older) and
-- 'power' (the newest power request wins), so a power request never replaces a pending deploy's
-- continuation. power_target is the requested target of power work (rebooting, soft power off, ...),
-- which the node's target_power_state (only on or off, as Ironic sets it) cannot carry.
CREATE TABLE node_handoffs_by_lane (
    node_uuid     VARCHAR(36)  NOT NULL REFERENCES nodes (uuid) ON DELETE CASCADE,
    lane          VARCHAR(16)  NOT NULL,
    work          VARCHAR(16)  NOT NULL,
    power_target  VARCHAR(32),
    ramdisk_ran   BOOLEAN      NOT NULL,
    requested_by  VARCHAR(255) NOT NULL,
    requested_at  BIGINT       NOT NULL,
    PRIMARY KEY (node_uuid, lane)
);

INSERT INTO node_handoffs_by_lane (node_uuid, lane, work, power_target, ramdisk_ran, requested_by, requested_at)
    SELECT node_uuid, 'PROVISION', work, NULL, ramdisk_ran, requested_by, requested_at FROM node_handoffs;

DROP TABLE node_handoffs;

ALTER TABLE node_handoffs_by_lane RENAME TO node_handoffs;
