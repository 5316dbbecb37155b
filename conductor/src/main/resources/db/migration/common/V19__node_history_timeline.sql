-- The node timeline (issue 14): history records every area of a node's life, not only provision transitions.
-- Ironic's history columns stay; these are Ferrum's additions. Existing rows were all provision transitions.
ALTER TABLE node_history ADD COLUMN event_type VARCHAR(32) NOT NULL DEFAULT 'provisioning';
ALTER TABLE node_history ADD COLUMN kind VARCHAR(64) NOT NULL DEFAULT 'provision.transition';
ALTER TABLE node_history ADD COLUMN user_name VARCHAR(255);
ALTER TABLE node_history ADD COLUMN details TEXT NOT NULL DEFAULT '{}';

-- Retention prunes by age; the event stream reads the whole fleet's tail by id (the primary key).
CREATE INDEX node_history_created ON node_history (created_at);
