-- Foundation schema: accounts, sessions, email, rate limits and the catalogue.
-- Money is integer cents; times are timestamptz; restaurant times carry an IANA zone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- ---------------------------------------------------------------- accounts
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'staff')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  address1 text NOT NULL DEFAULT '',
  address2 text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  province text NOT NULL DEFAULT '',
  zip text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT 'CA' CHECK (country IN ('CA', 'US')),
  latitude double precision,
  longitude double precision,
  about_me text NOT NULL DEFAULT '',
  default_delivery_instructions text NOT NULL DEFAULT '',
  favorite_cuisine_types text[] NOT NULL DEFAULT '{}',
  dietary_types text[] NOT NULL DEFAULT '{}',
  referral text,
  -- group-order defaults (spec: browse-account-orders §1, §3, §9)
  go_name text NOT NULL DEFAULT '',
  go_head_count integer NOT NULL DEFAULT 10 CHECK (go_head_count > 0),
  go_budget_cents integer NOT NULL DEFAULT 2000 CHECK (go_budget_cents >= 0),
  go_gap_days integer NOT NULL DEFAULT 1 CHECK (go_gap_days >= 1),
  go_cutoff_time time NOT NULL DEFAULT '17:00',
  go_delivery_time time NOT NULL DEFAULT '11:30',
  admin_token text UNIQUE,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Server-side sessions: a JWT carries the session id; sign-out revokes it,
-- inactivity (last_seen_at) and max age expire it.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time tokens for email confirmation and password reset; only a hash is stored.
CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, purpose);

-- Every email the product sends; the development mailbox reads this table.
CREATE TABLE outbox_emails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL DEFAULT '',
  template text NOT NULL DEFAULT '',
  transport text NOT NULL DEFAULT 'outbox' CHECK (transport IN ('outbox', 'smtp')),
  sent_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_emails_to_idx ON outbox_emails (lower(to_address), created_at DESC);

-- Fixed-window counters for rate limits when no Redis is configured.
CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

-- ---------------------------------------------------------------- catalogue
-- spec system vars: preset_cuisine_type, preset_dietary_type
CREATE TABLE system_vars (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  value_type text NOT NULL CHECK (value_type IN ('preset_cuisine_type', 'preset_dietary_type')),
  name text NOT NULL,
  icon text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  UNIQUE (value_type, name)
);

CREATE TABLE tags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$')
);

CREATE TABLE chefs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  business_name text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  address1 text NOT NULL,
  address2 text NOT NULL DEFAULT '',
  city text NOT NULL,
  province text NOT NULL,
  zip text NOT NULL,
  country text NOT NULL CHECK (country IN ('CA', 'US')),
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  time_zone text NOT NULL DEFAULT 'America/Toronto',
  profile_image_url text NOT NULL DEFAULT '',
  main_image_url text NOT NULL DEFAULT '',
  pre_order_notice_hours integer NOT NULL DEFAULT 24 CHECK (pre_order_notice_hours >= 0),
  pre_order_min_order_amount_cents integer NOT NULL DEFAULT 0 CHECK (pre_order_min_order_amount_cents >= 0),
  addon_maximum_items_qty integer NOT NULL DEFAULT 10 CHECK (addon_maximum_items_qty >= 0),
  eft_enabled boolean NOT NULL DEFAULT false,
  tax_name text NOT NULL DEFAULT 'HST',
  tax_rate numeric(6, 3) NOT NULL DEFAULT 13.000 CHECK (tax_rate >= 0),
  delivery_radius_km numeric(6, 2) NOT NULL DEFAULT 25,
  -- [{ "min_km": 0, "max_km": 5, "fee_cents": 1500 }, ...] ordered by min_km
  delivery_fee_ranges jsonb NOT NULL DEFAULT '[]',
  -- { "monday": { "enabled": true, "open": "07:00", "close": "20:00" }, ... }
  store_hours jsonb NOT NULL DEFAULT '{}',
  cuisine_types text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chefs_city_idx ON chefs (city);
CREATE INDEX chefs_earth_idx ON chefs USING gist (ll_to_earth(latitude, longitude));

-- A menu is one dish or product of a chef; menu items are its components/options.
CREATE TABLE menus (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  category_name text NOT NULL,
  menu_type text NOT NULL DEFAULT 'single' CHECK (menu_type IN ('single', 'other')),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  min_order_amount integer NOT NULL DEFAULT 1 CHECK (min_order_amount >= 0),
  dietary_types text[] NOT NULL DEFAULT '{}',
  main_image_url text NOT NULL DEFAULT '',
  is_deleted boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX menus_chef_idx ON menus (chef_id, position);

CREATE TABLE menu_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  menu_id bigint NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  name text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  dietary_types text[] NOT NULL DEFAULT '{}',
  main_image_url text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX menu_items_menu_idx ON menu_items (menu_id, position);

-- preset_type 'restaurant' shows one chef's full menu at /chefs/{slug};
-- 'catering' is a pre-built menu; 'save_for_later' is a customer's saved cart.
CREATE TABLE presets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  preset_type text NOT NULL CHECK (preset_type IN ('restaurant', 'catering', 'save_for_later')),
  base_preset_id bigint REFERENCES presets (id) ON DELETE SET NULL,
  owner_user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  banner_image_url text NOT NULL DEFAULT '',
  search_result_image_url text NOT NULL DEFAULT '',
  number_of_guests integer NOT NULL DEFAULT 10 CHECK (number_of_guests > 0),
  price_per_person_cents integer NOT NULL DEFAULT 0 CHECK (price_per_person_cents >= 0),
  minimum_order_amount_cents integer NOT NULL DEFAULT 0 CHECK (minimum_order_amount_cents >= 0),
  order_count integer NOT NULL DEFAULT 0 CHECK (order_count >= 0),
  average_rating numeric(3, 2) NOT NULL DEFAULT 0 CHECK (average_rating BETWEEN 0 AND 5),
  serving_styles text[] NOT NULL DEFAULT '{Individually Packaged,Family Style}',
  -- home-page and browse groupings, e.g. Healthy Lunch, Corporate Breakfast
  category_names text[] NOT NULL DEFAULT '{}',
  cuisine_types text[] NOT NULL DEFAULT '{}',
  dietary_types text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX presets_type_idx ON presets (preset_type) WHERE is_active;
CREATE INDEX presets_category_idx ON presets USING gin (category_names);
CREATE INDEX presets_owner_idx ON presets (owner_user_id) WHERE owner_user_id IS NOT NULL;

CREATE TABLE preset_chefs (
  preset_id bigint NOT NULL REFERENCES presets (id) ON DELETE CASCADE,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (preset_id, chef_id)
);
CREATE INDEX preset_chefs_chef_idx ON preset_chefs (chef_id);

CREATE TABLE preset_tags (
  preset_id bigint NOT NULL REFERENCES presets (id) ON DELETE CASCADE,
  tag_id bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (preset_id, tag_id)
);

-- The preset's default cart: one line per dish, with menu item quantities.
CREATE TABLE preset_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  preset_id bigint NOT NULL REFERENCES presets (id) ON DELETE CASCADE,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  menu_id bigint NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  special_instruction text NOT NULL DEFAULT '',
  -- { "<menu item id>": quantity }
  menu_items_mapping jsonb NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX preset_items_preset_idx ON preset_items (preset_id, position);

-- Which generator run filled the catalogue (first start loads demo data once).
CREATE TABLE catalogue_loads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  seed integer NOT NULL,
  restaurants integer NOT NULL,
  presets integer NOT NULL,
  menus integer NOT NULL,
  menu_items integer NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);
