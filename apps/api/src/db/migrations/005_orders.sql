-- Orders and the account actions around a cart (ordering-payments §2-§9; browse-account-orders §3).
-- Money is integer cents; the delivery is an instant plus the restaurant's IANA zone.

-- ---------------------------------------------------------------- catering orders
-- Human-friendly order numbers: CW-<year>-<6 digits from this sequence>, e.g. CW-2026-000123.
CREATE SEQUENCE catering_order_number_seq;

CREATE TABLE catering_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  -- the spec's purchaseId: an opaque uuid the checkout page carries to finalize
  purchase_id text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- a saved preset may be deleted by its owner later; the order keeps its own copy of the name
  preset_id bigint REFERENCES presets (id) ON DELETE SET NULL,
  preset_name text NOT NULL DEFAULT '',
  -- the lead chef (first of the preset) and every chef of the order
  chef_id bigint REFERENCES chefs (id) ON DELETE SET NULL,
  chef_ids bigint[] NOT NULL DEFAULT '{}',
  -- 'draft' while the checkout is open (never shown to users); 'New' once paid or authorised;
  -- then the operations side moves it on (browse-account-orders §3 Order statuses)
  status text NOT NULL DEFAULT 'draft' CHECK (status IN (
    'draft', 'New', 'Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture', 'DeliveryReady',
    'Delivered', 'customer_paid', 'declined', 'Canceled', 'cancelled')),
  receiving_method text NOT NULL CHECK (receiving_method IN ('delivery', 'pickup')),
  delivery_address text NOT NULL DEFAULT '',
  delivery_suite_address text NOT NULL DEFAULT '',
  delivery_instruction text NOT NULL DEFAULT '',
  pickup_instruction text NOT NULL DEFAULT '',
  latitude double precision,
  longitude double precision,
  distance_km numeric(8, 2),
  first_name text NOT NULL,
  last_name text NOT NULL,
  company_name text NOT NULL DEFAULT '',
  phone_number text NOT NULL,
  email text NOT NULL,
  serving_style text NOT NULL CHECK (serving_style IN ('Individually Packaged', 'Family Style')),
  num_cutlery integer NOT NULL DEFAULT 0 CHECK (num_cutlery >= 0),
  -- the delivery (or pickup) instant and the restaurant's zone it was chosen in
  delivery_at timestamptz NOT NULL,
  time_zone text NOT NULL DEFAULT 'America/Toronto',
  -- delivery minus the largest notice of the order's chefs: edits stop here
  order_processing_at timestamptz NOT NULL,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  delivery_fee_cents integer NOT NULL DEFAULT 0 CHECK (delivery_fee_cents >= 0),
  cutlery_cents integer NOT NULL DEFAULT 0 CHECK (cutlery_cents >= 0),
  tax_cents integer NOT NULL CHECK (tax_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  tax_name text NOT NULL DEFAULT 'HST',
  tax_rate numeric(6, 3) NOT NULL DEFAULT 13.000,
  currency text NOT NULL DEFAULT 'cad' CHECK (currency IN ('cad', 'usd')),
  is_eft boolean NOT NULL DEFAULT false,
  -- the validated request of the last create/update; finalize re-checks it against the catalogue
  request_payload jsonb NOT NULL,
  -- payment: 'authorizing' is held by exactly one finalize at a time (see orders.repository.ts)
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN (
    'unpaid', 'authorizing', 'authorized', 'processing', 'captured', 'failed', 'canceled')),
  payment_attempts integer NOT NULL DEFAULT 0,
  payment_started_at timestamptz,
  payment_intent_id text,
  payment_method_id text,
  -- the provider's message of the last decline, shown in the order details (ordering-payments §8)
  payment_error text,
  paid_at timestamptz,
  editable boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX catering_orders_payment_intent_key ON catering_orders (payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX catering_orders_user_idx ON catering_orders (user_id, created_at DESC);
CREATE INDEX catering_orders_processing_idx ON catering_orders (order_processing_at) WHERE status <> 'draft';

-- The purchase items of an order (ordering-payments §3 Purchase item), priced from the catalogue.
CREATE TABLE catering_order_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  catering_order_id bigint NOT NULL REFERENCES catering_orders (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  -- the cart line's id as the browser knows it (a preset item id or a client id)
  line_key text NOT NULL DEFAULT '',
  menu_id bigint REFERENCES menus (id) ON DELETE SET NULL,
  chef_id bigint REFERENCES chefs (id) ON DELETE SET NULL,
  menu_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  -- { "<menu item id>": quantity }, and the same resolved: [{ id, name, price_cents, quantity }]
  menu_items_mapping jsonb NOT NULL DEFAULT '{}',
  menu_items jsonb NOT NULL DEFAULT '[]',
  special_instruction text NOT NULL DEFAULT '',
  -- [{ id, items: [{ user_name, quantity, dietary_type }] }]
  serving_details jsonb NOT NULL DEFAULT '[]',
  line_subtotal_cents integer NOT NULL CHECK (line_subtotal_cents >= 0)
);
CREATE INDEX catering_order_items_order_idx ON catering_order_items (catering_order_id, position);

-- ---------------------------------------------------------------- idempotency
-- One row per (user, Idempotency-Key): the first request's fingerprint and, once done, its answer.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  endpoint text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- ---------------------------------------------------------------- account actions
CREATE TABLE favorites (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  preset_id bigint NOT NULL REFERENCES presets (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, preset_id)
);
CREATE INDEX favorites_preset_idx ON favorites (preset_id);

-- A group order started from a one-chef preset; the group-order site (a later issue) extends it.
CREATE TABLE group_orders (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  preset_id bigint REFERENCES presets (id) ON DELETE SET NULL,
  chef_id bigint REFERENCES chefs (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'created',
  -- the delivery info the user had saved (address, lat, lng, delivery_date, delivery_time)
  delivery_params jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX group_orders_creator_idx ON group_orders (creator_id, created_at DESC);

-- What the menu-suggestion bot answered (ordering-payments §1, §4, §5).
CREATE TABLE menu_suggestions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  preset_id bigint REFERENCES presets (id) ON DELETE CASCADE,
  email text NOT NULL,
  request_message text NOT NULL,
  suggestion jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menu_suggestions_preset_idx ON menu_suggestions (preset_id, created_at DESC);
