-- Preset search with common words near an address (docs/decisions/022): the capped count (and
-- the radius page) test the words of every catering preset in the location box, and
-- presets_catering_location_idx (002) has no search_document, so each of a city's presets was
-- rechecked on its heap row: ~11 ms for "salad" near Toronto on the large catalogue. With the
-- document in the index tuple the same count is index-only (~2.5-3 ms). A separate index rather
-- than a wider presets_catering_location_idx: the documents double its size, and the searches
-- without words keep scanning the narrow one.
CREATE INDEX presets_catering_words_geo_idx ON presets USING gist (location)
  INCLUDE (id, cuisine_types, search_document) WHERE preset_type = 'catering' AND is_active;
