-- Payments (ordering-payments §2, §3, §7; ARCHITECTURE.md "payments").
-- Two groups of tables:
--  * sandbox_*: the state of the built-in sandbox provider, which plays Stripe's part when
--    STRIPE_SECRET_KEY is not set. Only adapters/payments/sandbox-provider.ts touches them.
--  * payment_customers, user_payment_methods: the product's own records, whatever the provider.

CREATE TABLE sandbox_customers (
  id text PRIMARY KEY, -- cus_...
  email text NOT NULL,
  name text NOT NULL,
  user_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_payment_methods (
  id text PRIMARY KEY, -- pm_...
  type text NOT NULL CHECK (type IN ('card', 'acss_debit')),
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer,
  exp_year integer,
  -- same card number => same fingerprint (Stripe's card.fingerprint); a hash, never the number
  fingerprint text NOT NULL,
  -- the test card's outcome at authorisation: null = approve, else the decline code
  decline_code text,
  billing_name text,
  billing_email text,
  customer_id text REFERENCES sandbox_customers (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_payment_methods_customer_idx ON sandbox_payment_methods (customer_id);

CREATE TABLE sandbox_setup_intents (
  id text PRIMARY KEY, -- seti_...
  client_secret text NOT NULL UNIQUE,
  customer_id text NOT NULL REFERENCES sandbox_customers (id),
  payment_method_type text NOT NULL CHECK (payment_method_type IN ('card', 'acss_debit')),
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled')),
  payment_method_id text REFERENCES sandbox_payment_methods (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY, -- pi_...
  client_secret text NOT NULL UNIQUE,
  amount integer NOT NULL CHECK (amount > 0),
  amount_capturable integer NOT NULL DEFAULT 0 CHECK (amount_capturable >= 0),
  amount_received integer NOT NULL DEFAULT 0 CHECK (amount_received >= 0),
  amount_refunded integer NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0),
  currency text NOT NULL CHECK (currency IN ('cad', 'usd')),
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation', 'requires_capture', 'processing', 'succeeded', 'canceled')),
  capture_method text NOT NULL DEFAULT 'manual' CHECK (capture_method IN ('manual', 'automatic')),
  customer_id text REFERENCES sandbox_customers (id),
  payment_method_id text REFERENCES sandbox_payment_methods (id),
  payment_method_type text NOT NULL CHECK (payment_method_type IN ('card', 'acss_debit')),
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL DEFAULT '{}',
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (amount_received <= amount),
  CHECK (amount_refunded <= amount_received)
);

CREATE TABLE sandbox_refunds (
  id text PRIMARY KEY, -- re_...
  payment_intent_id text NOT NULL REFERENCES sandbox_payment_intents (id),
  amount integer NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'succeeded',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Stripe's Idempotency-Key: the first request's parameters and response are kept; a retry
-- with the same key and parameters gets the same response, other parameters an error.
CREATE TABLE sandbox_idempotency (
  key text NOT NULL,
  operation text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key)
);

-- The provider customer of each user (created on demand when the first method is saved).
-- Keyed by provider too: sandbox ids mean nothing to Stripe once STRIPE_SECRET_KEY is set.
CREATE TABLE payment_customers (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

-- Saved payment methods (ordering-payments §2 Payments page, §3 Saved payment method).
CREATE TABLE user_payment_methods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  payment_method_id text NOT NULL, -- the provider's pm_...
  payment_type text NOT NULL CHECK (payment_type IN ('card', 'acss_debit')),
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer,
  exp_year integer,
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- one default per user and provider at most (among methods not deleted)
CREATE UNIQUE INDEX user_payment_methods_one_default ON user_payment_methods (user_id, provider) WHERE is_default AND deleted_at IS NULL;
-- one live record per provider method and user
CREATE UNIQUE INDEX user_payment_methods_live_pm ON user_payment_methods (user_id, payment_method_id) WHERE deleted_at IS NULL;
CREATE INDEX user_payment_methods_user_idx ON user_payment_methods (user_id, provider, created_at DESC) WHERE deleted_at IS NULL;
