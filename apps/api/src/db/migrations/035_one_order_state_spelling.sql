-- One spelling per order state (decision 036). A cancelled catering order was stored as
-- 'Canceled' (the state machine's) or 'cancelled' (the old system's second spelling); the same
-- state now has one stored value, the one the state machine writes and the API sends.
-- packages/domain order-states.ts maps every stored state to its wire value and label.

UPDATE catering_orders SET status = 'Canceled' WHERE status = 'cancelled';
UPDATE order_events SET from_status = 'Canceled' WHERE from_status = 'cancelled';
UPDATE order_events SET to_status = 'Canceled' WHERE to_status = 'cancelled';

ALTER TABLE catering_orders DROP CONSTRAINT catering_orders_status_check;
ALTER TABLE catering_orders ADD CONSTRAINT catering_orders_status_check CHECK (status IN (
  'draft', 'New', 'Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture', 'DeliveryReady',
  'Delivered', 'customer_paid', 'declined', 'Canceled'));

-- the reconciliation's index of closed orders (migration 024), without the old spelling
DROP INDEX IF EXISTS catering_orders_closed_idx;
CREATE INDEX catering_orders_closed_idx ON catering_orders (updated_at) WHERE status IN ('Canceled', 'declined');
