-- The payment's life outside the request (issue 15 §1; docs/decisions/027):
-- Stripe webhooks stored once by event id, disputes, orders operations must look at, far-future
-- orders authorised 5 days before delivery, 3-D Secure, and the sandbox's authorisation expiry.

-- Every Stripe event is kept once: a redelivery (same id) finds its row and changes nothing.
CREATE TABLE stripe_webhook_events (
  id text PRIMARY KEY, -- evt_...
  type text NOT NULL,
  livemode boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL, -- when Stripe created the event
  received_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  catering_order_id bigint REFERENCES catering_orders (id) ON DELETE SET NULL,
  -- what the event did: applied, ignored (unknown type or no matching order), stale (not the order's live intent)
  outcome text NOT NULL CHECK (outcome IN ('applied', 'ignored', 'stale'))
);
CREATE INDEX stripe_webhook_events_order_idx ON stripe_webhook_events (catering_order_id) WHERE catering_order_id IS NOT NULL;

-- charge.dispute.created: the customer's bank disputes a charge; operations answer it in Stripe.
CREATE TABLE payment_disputes (
  id text PRIMARY KEY, -- dp_...
  catering_order_id bigint REFERENCES catering_orders (id) ON DELETE SET NULL,
  payment_intent_id text,
  charge_id text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  reason text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);

ALTER TABLE catering_orders
  -- operations must look at the order (a dispute, a failed deferred authorisation, an expired
  -- hold that could not be renewed): the reason shown in the console; a payment flag is cleared
  -- when a new authorisation holds the order again, a dispute's stays
  ADD COLUMN attention_kind text CHECK (attention_kind IN ('payment', 'dispute')),
  ADD COLUMN attention_reason text,
  ADD COLUMN attention_at timestamptz;
CREATE INDEX catering_orders_attention_idx ON catering_orders (attention_at) WHERE attention_reason IS NOT NULL;

-- scheduled: a far-future card order keeps its saved method and is authorised 5 days before
-- delivery; requires_action: the card's bank asks for 3-D Secure in the browser
ALTER TABLE catering_orders DROP CONSTRAINT catering_orders_payment_status_check;
ALTER TABLE catering_orders ADD CONSTRAINT catering_orders_payment_status_check CHECK (payment_status IN (
  'unpaid', 'authorizing', 'authorized', 'processing', 'captured', 'failed', 'canceled', 'refunded', 'scheduled', 'requires_action'));

-- the sandbox models 3-D Secure (requires_action) and Stripe's 7-day expiry of uncaptured
-- authorisations (canceled, cancellation_reason automatic), by the app's clock (created_at is
-- written from it)
ALTER TABLE sandbox_payment_intents DROP CONSTRAINT sandbox_payment_intents_status_check;
ALTER TABLE sandbox_payment_intents ADD CONSTRAINT sandbox_payment_intents_status_check CHECK (status IN (
  'requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing', 'succeeded', 'canceled'));
ALTER TABLE sandbox_payment_intents ADD COLUMN cancellation_reason text;
