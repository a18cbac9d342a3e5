-- How much a restaurant takes (issue 19 part 2; decision 049): a limit per day and per delivery
-- window, counted in orders or in servings (the sum of the restaurant's lines' quantities:
-- catering orders carry no headcount yet). No row, or null limits: no limit.
CREATE TABLE restaurant_capacity (
  chef_id bigint PRIMARY KEY REFERENCES chefs (id) ON DELETE CASCADE,
  unit text NOT NULL DEFAULT 'orders' CHECK (unit IN ('orders', 'servings')),
  per_day integer CHECK (per_day > 0),
  per_window integer CHECK (per_window > 0),
  -- windows start on the hour (or half-hour) of the restaurant's day: 11:00-12:00, 12:00-13:00, ...
  window_minutes integer NOT NULL DEFAULT 60 CHECK (window_minutes IN (30, 60, 90, 120, 180, 240)),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per restaurant, local day and window (window_start: minutes after midnight; -1 the
-- whole day), made on first use. A checkout locks its rows (FOR UPDATE) while it counts what the
-- slot holds and claims its payment, so concurrent checkouts into one slot take turns.
CREATE TABLE restaurant_slots (
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  window_start smallint NOT NULL CHECK (window_start >= -1 AND window_start < 1440),
  PRIMARY KEY (chef_id, local_date, window_start)
);
