-- Introspection rules created through the rules API (ironic-inspector's /v1/rules), run in creation order after
-- the processing hooks; the rule itself (conditions, actions) is kept as the JSON the API shows.
CREATE TABLE inspection_rules (
    uuid        VARCHAR(36)  NOT NULL PRIMARY KEY,
    rule        TEXT         NOT NULL,
    created_at  BIGINT       NOT NULL
);
