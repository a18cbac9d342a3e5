-- Restaurant cards that decide and their filters (issue 20 §2, docs/decisions/067-browse-cards-sort-filters-map.md).

-- How many reviews a preset's average_rating is the mean of. The demo catalogue's ratings are
-- generated (db/seed/generator.ts) with about one review for every three orders; rows rated
-- before this column get the same count, so a rating never reads as "0 reviews".
ALTER TABLE presets ADD COLUMN rating_count integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0);
UPDATE presets SET rating_count = ceil(order_count / 3.0)::int WHERE average_rating > 0 AND order_count > 0;

-- Restaurants near an address: the dietary filter (dietary_types @> needs) and the sorts by
-- rating, popularity and price read the index tuple, so the count and the page stay index-only
-- scans of the GiST box (no heap visit per restaurant of the city).
DROP INDEX IF EXISTS presets_restaurant_location_idx;
CREATE INDEX presets_restaurant_location_idx ON presets USING gist (location)
  INCLUDE (id, cuisine_types, order_count, dietary_types, average_rating, rating_count, price_per_person_cents)
  WHERE preset_type = 'restaurant' AND is_active;

-- The preset search's in-memory index (decision 023) loads the dishes' dietary tags with the
-- rest of a catering preset's row, still as an index-only walk.
DROP INDEX IF EXISTS presets_catering_popular_geo_idx;
CREATE INDEX presets_catering_popular_geo_idx ON presets (order_count DESC, id)
  INCLUDE (location, category_names, cuisine_types, dietary_types) WHERE preset_type = 'catering' AND is_active;
