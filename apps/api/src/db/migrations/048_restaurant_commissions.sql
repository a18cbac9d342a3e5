-- Caterway's commission per restaurant (issue 19 part 5; docs/decisions/057-restaurant-statements.md).
-- A rate in basis points (1500 = 15.00 %) from a day on, in the restaurant's time zone. Rates are
-- kept, never overwritten by a later one: a statement uses the rate in force on each order's
-- delivery day, so a past statement prints the same after the rate changes. A restaurant with no
-- row pays the default (15.00 %, packages/domain statements.ts). Only operations set a rate, and
-- only from today on (a row for a day not yet begun may be replaced).
CREATE TABLE restaurant_commissions (
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  effective_from date NOT NULL,
  rate_bps integer NOT NULL CHECK (rate_bps BETWEEN 0 AND 10000),
  set_by bigint REFERENCES users (id) ON DELETE SET NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chef_id, effective_from)
);

-- the statements read a restaurant's delivered orders by delivery time
CREATE INDEX catering_order_items_chef_idx ON catering_order_items (chef_id, catering_order_id);
