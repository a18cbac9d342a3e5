-- The supply side's shared record (issue 19 parts 3 and 4; decision 051).
--
-- audit_log: every change a restaurant's team or operations make to a restaurant (menu, prices,
-- photos, calendar, capacity, settings, team): who, when, what, and the entity before and after.
-- Owners and operations read it in the portal. Rows are never updated or deleted by the API.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- the actor's role at the time: owner, manager, staff, operations, or system (a job)
  actor_role text NOT NULL CHECK (actor_role IN ('owner', 'manager', 'staff', 'operations', 'system')),
  at timestamptz NOT NULL DEFAULT now(),
  -- what changed: dish, option, category, preset, photo, hours, closure, pause, capacity, settings, team, ...
  entity text NOT NULL CHECK (entity ~ '^[a-z_]{1,40}$'),
  entity_id text NOT NULL DEFAULT '',
  action text NOT NULL CHECK (action ~ '^[a-z_]{1,40}$'),
  summary text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_chef_idx ON audit_log (chef_id, id DESC);

-- catalogue_versions: one row per restaurant whose catalogue rows (chef, menus, menu items,
-- presets it is in) the API changed, bumped in the changing transaction, which also sends
-- NOTIFY catalogue_changed '<chef_id>'. Every API instance drops that restaurant's cached rows
-- when it hears it, and compares this table with what it last saw as a periodic safety net.
CREATE TABLE catalogue_versions (
  chef_id bigint PRIMARY KEY REFERENCES chefs (id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_versions_changed_idx ON catalogue_versions (changed_at);
