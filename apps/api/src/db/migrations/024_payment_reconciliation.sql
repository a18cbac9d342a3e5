-- The payment reconciliation job (decision 026): cancelled and declined orders changed lately,
-- and the sandbox provider's intents of one order (metadata order_id), found without a scan.
CREATE INDEX IF NOT EXISTS catering_orders_closed_idx ON catering_orders (updated_at)
  WHERE status IN ('Canceled', 'cancelled', 'declined');
CREATE INDEX IF NOT EXISTS sandbox_payment_intents_order_idx ON sandbox_payment_intents ((metadata->>'order_id'));
