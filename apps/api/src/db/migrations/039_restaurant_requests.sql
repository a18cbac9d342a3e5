-- What reached a restaurant about an order and wants its answer (issue 19 part 1; decisions 047
-- and 048): a new order or an add-on to accept or decline; an edit, a cancellation or the day
-- before's reconfirmation to acknowledge. One row per restaurant of the order. Written in the transaction that changes the
-- order, so the inbox and the order always agree; a request without an answer is "waiting".
CREATE TABLE restaurant_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  catering_order_id bigint NOT NULL REFERENCES catering_orders (id) ON DELETE CASCADE,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('new_order', 'add_on', 'edit', 'cancellation', 'reconfirmation')),
  -- what changed, for an edit
  summary text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  -- 'withdrawn': the order moved on before this restaurant answered (declined by another of its
  -- restaurants, cancelled, or changed again: a newer request replaces it)
  answer text CHECK (answer IN ('accepted', 'declined', 'acknowledged', 'withdrawn')),
  answered_at timestamptz,
  answered_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- auto: the restaurant's auto-accept setting answered it
  answered_via text CHECK (answered_via IN ('portal', 'email', 'operations', 'system', 'auto')),
  decline_reason text CHECK (decline_reason IN ('too_busy', 'closed', 'lead_time', 'items_unavailable', 'distance', 'other')),
  decline_note text NOT NULL DEFAULT '',
  -- the answer ladder (docs/decisions/048): emailed to the restaurant, reminded, escalated to operations
  notified_at timestamptz,
  reminded_at timestamptz,
  escalated_at timestamptz,
  CHECK ((answer IS NULL) = (answered_at IS NULL)),
  CHECK ((answer = 'declined') = (decline_reason IS NOT NULL))
);
-- the inbox: a restaurant's waiting requests
CREATE INDEX restaurant_requests_waiting_idx ON restaurant_requests (chef_id, created_at) WHERE answer IS NULL;
CREATE INDEX restaurant_requests_order_idx ON restaurant_requests (catering_order_id, chef_id, id);
-- a restaurant's orders (upcoming and past lists): every order it was asked about
CREATE INDEX restaurant_requests_chef_idx ON restaurant_requests (chef_id, catering_order_id);

-- operations' queue: requests escalated and still waiting
CREATE INDEX restaurant_requests_escalated_idx ON restaurant_requests (escalated_at) WHERE answer IS NULL AND escalated_at IS NOT NULL;

-- A restaurant's own settings, apart from the catalogue's chefs row (which the API's caches hold
-- and only seeds write): where its requests are emailed (empty: its owners and managers), and
-- whether it accepts new orders without being asked (never, those whose food is at most a sum,
-- or all). No row: the defaults.
CREATE TABLE restaurant_settings (
  chef_id bigint PRIMARY KEY REFERENCES chefs (id) ON DELETE CASCADE,
  notification_emails text[] NOT NULL DEFAULT '{}' CHECK (cardinality(notification_emails) <= 5),
  auto_accept text NOT NULL DEFAULT 'off' CHECK (auto_accept IN ('off', 'under', 'all')),
  auto_accept_max_cents integer CHECK (auto_accept_max_cents > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (auto_accept <> 'under' OR auto_accept_max_cents IS NOT NULL)
);

-- a restaurant's team answers orders now: record it as such in the order's history
ALTER TABLE order_events DROP CONSTRAINT order_events_actor_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_actor_kind_check
  CHECK (actor_kind IN ('customer', 'staff', 'system', 'restaurant'));

-- Orders placed before this migration reached no restaurant: each restaurant of each placed
-- order gets its request, answered as the order stands (accepted by operations once the order
-- moved past New; withdrawn when it ended before anyone accepted it), so the portal lists them.
INSERT INTO restaurant_requests (catering_order_id, chef_id, kind, created_at, answer, answered_at, answered_via)
SELECT o.id, c.id,
       CASE WHEN o.parent_order_id IS NULL THEN 'new_order' ELSE 'add_on' END,
       COALESCE(o.paid_at, o.created_at),
       CASE WHEN o.status = 'New' THEN NULL
            WHEN o.accepted_at IS NULL AND o.status IN ('declined', 'Canceled') THEN 'withdrawn'
            ELSE 'accepted' END,
       CASE WHEN o.status = 'New' THEN NULL ELSE COALESCE(o.accepted_at, o.updated_at) END,
       CASE WHEN o.status = 'New' THEN NULL ELSE 'operations' END
  FROM catering_orders o,
       LATERAL (SELECT DISTINCT ch.id FROM unnest(array_append(o.chef_ids, o.chef_id)) AS x (id)
                  JOIN chefs ch ON ch.id = x.id) c
 WHERE o.status <> 'draft';
