-- Group orders (issue 6): the creator's details, members without accounts, one meal choice per
-- member, and the combined catering order made at the cut-off (docs/decisions/010-group-orders.md).
-- Times of day are seconds since midnight like users.go_*; the cut-off and delivery are also kept
-- as instants (cutoff_at, delivery_at) computed in the chef's zone (time_zone).

ALTER TABLE group_orders
  -- the My Orders entry's id (the uuid stays the primary key and the site's address)
  ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  ADD COLUMN name text NOT NULL DEFAULT '',
  ADD COLUMN head_count integer NOT NULL DEFAULT 10 CHECK (head_count > 0),
  ADD COLUMN budget_cents integer NOT NULL DEFAULT 2000 CHECK (budget_cents >= 0),
  ADD COLUMN gap_days integer NOT NULL DEFAULT 1 CHECK (gap_days >= 1),
  ADD COLUMN cutoff_time integer NOT NULL DEFAULT 61200 CHECK (cutoff_time BETWEEN 0 AND 86399),
  ADD COLUMN delivery_date date,
  ADD COLUMN delivery_time integer NOT NULL DEFAULT 41400 CHECK (delivery_time BETWEEN 0 AND 86399),
  ADD COLUMN delivery_at timestamptz,
  ADD COLUMN cutoff_at timestamptz,
  ADD COLUMN time_zone text NOT NULL DEFAULT 'America/Toronto',
  ADD COLUMN delivery_address text NOT NULL DEFAULT '',
  ADD COLUMN delivery_suite_address text NOT NULL DEFAULT '',
  ADD COLUMN latitude double precision,
  ADD COLUMN longitude double precision,
  ADD COLUMN delivery_contact_person text NOT NULL DEFAULT '',
  ADD COLUMN delivery_phone_number text NOT NULL DEFAULT '',
  ADD COLUMN delivery_instruction text NOT NULL DEFAULT '',
  ADD COLUMN company_name text NOT NULL DEFAULT '',
  -- the share link's secret (/g/{share_token}); the app sets 32 random bytes (base64url), the default covers old rows
  ADD COLUMN share_token text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN opened_at timestamptz,
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN canceled_at timestamptz,
  ADD COLUMN catering_order_id bigint REFERENCES catering_orders (id) ON DELETE SET NULL;
ALTER TABLE group_orders ADD CONSTRAINT group_orders_status_check CHECK (status IN (
  'created', 'detail_entered', 'accepting', 'waiting_for_delivery', 'delivery_ready', 'delivered', 'declined', 'canceled'));
CREATE UNIQUE INDEX group_orders_share_token_key ON group_orders (share_token);
CREATE UNIQUE INDEX group_orders_catering_order_key ON group_orders (catering_order_id) WHERE catering_order_id IS NOT NULL;

-- A team member: no account; their browser keeps a random token, only its hash is stored.
CREATE TABLE group_order_members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_order_uuid uuid NOT NULL REFERENCES group_orders (uuid) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  name text NOT NULL,
  email text NOT NULL,
  dietary_needs text NOT NULL DEFAULT '',
  joined_at timestamptz NOT NULL,
  UNIQUE (group_order_uuid, email)
);
CREATE INDEX group_order_members_group_idx ON group_order_members (group_order_uuid, id);

-- One meal per member: a menu of the group's chef, priced when chosen (re-priced at the cut-off).
CREATE TABLE group_order_choices (
  member_id bigint PRIMARY KEY REFERENCES group_order_members (id) ON DELETE CASCADE,
  group_order_uuid uuid NOT NULL REFERENCES group_orders (uuid) ON DELETE CASCADE,
  menu_id bigint NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  chosen_at timestamptz NOT NULL
);
CREATE INDEX group_order_choices_group_idx ON group_order_choices (group_order_uuid);

-- The combined order of a group order is a catering order (kind Group Order); at most one each.
ALTER TABLE catering_orders ADD COLUMN group_order_uuid uuid REFERENCES group_orders (uuid) ON DELETE SET NULL;
CREATE UNIQUE INDEX catering_orders_group_order_key ON catering_orders (group_order_uuid) WHERE group_order_uuid IS NOT NULL;
