-- Preset search with a sort near an address (docs/decisions/007-search-speed.md, "Preset
-- search: sort walk and capped count"). The search walks the chosen sort's index in order and
-- keeps the presets within the radius (and of the chosen cuisines), reading location and
-- cuisines from the index tuple, instead of reading and sorting every catering preset of the
-- city through the GiST index. The popular sort walks presets_catering_popular_geo_idx (004);
-- the descending sorts scan these backwards (their ties break by id descending, see sortSql in
-- search.repository.ts). Without an address the same indexes serve the sorted page with a
-- cuisine filter index-only.
CREATE INDEX presets_catering_price_geo_idx ON presets (price_per_person_cents, id)
  INCLUDE (location, cuisine_types) WHERE preset_type = 'catering' AND is_active;
CREATE INDEX presets_catering_guests_geo_idx ON presets (number_of_guests, id)
  INCLUDE (location, cuisine_types) WHERE preset_type = 'catering' AND is_active;
