-- Search speed (issue 3, bench/search.bench.ts; docs/decisions/007-search-speed.md).
-- Covering indexes so the hot catalogue reads are index-only scans that stop early, instead of
-- visiting one heap page per preset of a city (restaurants and presets of a city are spread
-- over thousands of heap pages).

-- Quick search: nearest restaurants first (GiST KNN), the word test and the relevance of the
-- hundred nearest matches read from the index tuple (name, search_document), so a common word
-- stops after a few hundred tuples and no heap page is read. Measured on the large catalogue:
-- 6-11 ms -> 1-2.5 ms.
CREATE INDEX presets_restaurant_knn_idx ON presets USING gist (location)
  INCLUDE (id, name, search_document) WHERE preset_type = 'restaurant' AND is_active;

-- "Most ordered near here" (home lists, restaurants without words): walk the most ordered
-- first and keep those near the point (location and the home group read from the index
-- tuple); the repository bounds the walk and falls back to the radius query when the prefix
-- does not hold a full page.
CREATE INDEX presets_restaurant_popular_geo_idx ON presets (order_count DESC, id)
  INCLUDE (location, cuisine_types) WHERE preset_type = 'restaurant' AND is_active;
CREATE INDEX presets_catering_popular_geo_idx ON presets (order_count DESC, id)
  INCLUDE (location, category_names, cuisine_types) WHERE preset_type = 'catering' AND is_active;
