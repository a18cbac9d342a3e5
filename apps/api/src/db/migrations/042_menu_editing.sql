-- The menu as restaurants edit it (issue 19 part 3; decisions 052 and 053).
--
-- A dish (menus row) gains what the storefront and the kitchen need to know of it: whom it
-- feeds (serves), its allergens, its own lead time (null: the restaurant's notice), and when it
-- is 86'd (unavailable_until: null when available, 'infinity' until turned back on, else the
-- moment it comes back). Its options (menu_items) gain a limit per dish and their own 86.
ALTER TABLE menus
  ADD COLUMN serves integer NOT NULL DEFAULT 1 CHECK (serves BETWEEN 1 AND 500),
  ADD COLUMN allergens text[] NOT NULL DEFAULT '{}',
  ADD COLUMN lead_time_hours integer CHECK (lead_time_hours BETWEEN 0 AND 336),
  ADD COLUMN unavailable_until timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE menu_items
  ADD COLUMN max_quantity integer CHECK (max_quantity > 0),
  ADD COLUMN unavailable_until timestamptz,
  ADD COLUMN is_deleted boolean NOT NULL DEFAULT false;

-- Trays say whom they feed in their description ("Serves about 12."); a single portion feeds one.
UPDATE menus
   SET serves = least(500, greatest(1, coalesce((regexp_match(description, 'Serves about (\d+)'))[1]::int, 1)))
 WHERE menu_type = 'other';

-- The order of a restaurant's menu categories (menus.category_name names one). Backfilled in the
-- order the storefront shows them today: by their first dish.
CREATE TABLE menu_categories (
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (chef_id, name)
);

INSERT INTO menu_categories (chef_id, name, position)
SELECT chef_id, category_name, (row_number() OVER (PARTITION BY chef_id ORDER BY min(position), category_name))::int - 1
  FROM menus
 WHERE NOT is_deleted
 GROUP BY chef_id, category_name;
