-- The order after checkout (issue 5): lifecycle audit, processing and payment amounts, add-on
-- orders, and a job queue on PostgreSQL. The state machine itself is
-- packages/domain/src/order-lifecycle.ts; apps/api/src/modules/order-lifecycle applies it.

ALTER TABLE catering_orders
  -- payment capture at processing time: pending, processing (bank debit in flight), processed
  ADD COLUMN processing text NOT NULL DEFAULT 'pending' CHECK (processing IN ('pending', 'processing', 'processed')),
  -- money that moved: held (authorised, not captured), captured, refunded (never above captured)
  ADD COLUMN authorized_cents integer NOT NULL DEFAULT 0 CHECK (authorized_cents >= 0),
  ADD COLUMN captured_cents integer NOT NULL DEFAULT 0 CHECK (captured_cents >= 0),
  ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  ADD CONSTRAINT catering_orders_refund_within_capture CHECK (refunded_cents <= captured_cents),
  -- an add-on order (ordering-payments §2 Add-on order page) belongs to its parent order
  ADD COLUMN parent_order_id bigint REFERENCES catering_orders (id) ON DELETE CASCADE,
  ADD COLUMN accepted_at timestamptz,
  ADD COLUMN delivery_ready_at timestamptz,
  ADD COLUMN delivered_at timestamptz,
  ADD COLUMN canceled_at timestamptz;

ALTER TABLE catering_orders DROP CONSTRAINT catering_orders_payment_status_check;
ALTER TABLE catering_orders ADD CONSTRAINT catering_orders_payment_status_check CHECK (payment_status IN (
  'unpaid', 'authorizing', 'authorized', 'processing', 'captured', 'failed', 'canceled', 'refunded'));

-- the operations console lists placed orders by delivery date
CREATE INDEX catering_orders_delivery_idx ON catering_orders (delivery_at, id) WHERE status <> 'draft';
CREATE INDEX catering_orders_parent_idx ON catering_orders (parent_order_id) WHERE parent_order_id IS NOT NULL;

-- Every change of an order's status: who (customer, staff or the system) and when.
CREATE TABLE order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  catering_order_id bigint NOT NULL REFERENCES catering_orders (id) ON DELETE CASCADE,
  event text NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('customer', 'staff', 'system')),
  actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (catering_order_id, id);

-- A job queue on the database: workers claim due jobs with FOR UPDATE SKIP LOCKED, so any
-- number of workers (in the API process or separate) run each job once; a crashed worker's
-- claim expires (locked_until) and the job is retried. dedupe_key makes enqueueing idempotent.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  dedupe_key text,
  payload jsonb NOT NULL DEFAULT '{}',
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  done_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, dedupe_key)
);
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE done_at IS NULL;
