-- A restaurant's calendar (issue 19 part 2; decision 055).
--
-- Weekly hours stay in chefs.store_hours, one object a weekday: open and close remain the day's
-- span (what every reader written before the calendar knows), and `windows` lists the day's
-- delivery windows. Existing hours become one window a day, their open-close.
UPDATE chefs c
   SET store_hours = (
     SELECT jsonb_object_agg(
              d.key,
              d.value || jsonb_build_object('windows',
                CASE WHEN (d.value ->> 'open') < (d.value ->> 'close')
                     THEN jsonb_build_array(jsonb_build_object('open', d.value ->> 'open', 'close', d.value ->> 'close'))
                     -- a span past midnight (none in the demo data) keeps the reader's legacy meaning
                     ELSE NULL END))
       FROM jsonb_each(c.store_hours) d
      WHERE jsonb_typeof(d.value) = 'object')
 WHERE c.store_hours <> '{}'::jsonb;
-- jsonb || with a null windows value stores "windows": null; drop those keys again
UPDATE chefs c
   SET store_hours = (SELECT jsonb_object_agg(d.key, d.value - 'windows') FROM jsonb_each(c.store_hours) d)
 WHERE EXISTS (SELECT 1 FROM jsonb_each(c.store_hours) d WHERE d.value -> 'windows' = 'null'::jsonb);

-- Closures and one-off changes: the local dates starts_on..ends_on are closed (windows null) or
-- open only in windows ([{ "open": "HH:mm", "close": "HH:mm" }, ...]). holiday names the
-- statutory holiday a one-click closure came from, so the portal can show it as taken.
CREATE TABLE restaurant_closures (
  id bigserial PRIMARY KEY,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  windows jsonb CHECK (windows IS NULL OR jsonb_typeof(windows) = 'array'),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 80),
  holiday text,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on)
);
CREATE INDEX restaurant_closures_chef_dates ON restaurant_closures (chef_id, ends_on, starts_on);

-- The pause: no new order is taken while now() < paused_until, whatever its delivery time.
ALTER TABLE chefs
  ADD COLUMN paused_until timestamptz,
  ADD COLUMN pause_reason text CHECK (pause_reason IS NULL OR length(pause_reason) <= 80);
