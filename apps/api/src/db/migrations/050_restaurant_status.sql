-- Operations onboard and suspend restaurants (issue 19 "Who and where"; decision 059).
--
-- A restaurant is 'onboarding' from the day operations add it until they publish it, 'live' while
-- customers can order from it, and 'suspended' when operations take it off the marketplace (with
-- the reason). Every restaurant of the catalogue so far is live.
ALTER TABLE chefs
  ADD COLUMN status text NOT NULL DEFAULT 'live' CHECK (status IN ('onboarding', 'live', 'suspended')),
  ADD COLUMN status_reason text NOT NULL DEFAULT '',
  ADD COLUMN status_changed_at timestamptz;

-- A restaurant that is not live takes its presets off the storefront: they are made inactive and
-- marked held, so that publishing it again brings back exactly the presets that were active
-- (and not one its team had switched off).
ALTER TABLE presets ADD COLUMN held_by_restaurant boolean NOT NULL DEFAULT false;
CREATE INDEX presets_held_idx ON presets (id) WHERE held_by_restaurant;
