-- The preset search answers from the catering index in memory (docs/decisions/023): the sort
-- walk over these covering indexes (007) and the word + location counts (022) are gone, and no
-- other statement reads them (the index loads from presets_catering_popular_geo_idx,
-- presets_price_idx and presets_guests_idx; word matches from presets_catering_search_idx).
-- Dropped: ~60 MB on the large catalogue and three index updates per catering preset write.
DROP INDEX IF EXISTS presets_catering_words_geo_idx;
DROP INDEX IF EXISTS presets_catering_price_geo_idx;
DROP INDEX IF EXISTS presets_catering_guests_geo_idx;
