-- Search over the catalogue (issue 3; ordering-payments §5, §7): PostgreSQL full-text search
-- with ranking, pg_trgm for typo tolerance and earthdistance for "near an address".
--
-- Denormalised on presets, filled by refresh_preset_search() (the loader calls it once per
-- load; anything that writes a preset or its items later calls it with that preset's id):
--   search_document  weighted tsvector: A name and chef names, B cuisines, groups and dietary
--                    types, C dish names, D descriptions (preset and dishes). A restaurant
--                    preset's dishes are its chefs' whole menus; other presets' dishes are
--                    their cart lines.
--   location         the first chef's point as an earthdistance cube (ll_to_earth), stored so
--                    that no query computes ll_to_earth per row (measured: ~15 us a row). A
--                    listing near an address filters by earth_box on a GiST index, orders by
--                    the index's own distance (<->, KNN) and joins chefs only for the dozen
--                    rows of a page. <-> is the straight-line (chord) distance in metres,
--                    which orders exactly like the great-circle distance.
-- search_terms keeps the distinct words of the catalogue: a misspelt query word is replaced
-- by its nearest words (trigram similarity) before it reaches the full-text index.

ALTER TABLE presets
  ADD COLUMN search_document tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN location cube;

CREATE TABLE search_terms (
  word text PRIMARY KEY
);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (word gin_trgm_ops);

-- full text: the quick search reads restaurants only, the preset search catering presets only;
-- one partial index each keeps every bitmap to the rows a query can return
CREATE INDEX presets_restaurant_search_idx ON presets USING gin (search_document) WHERE preset_type = 'restaurant' AND is_active;
CREATE INDEX presets_catering_search_idx ON presets USING gin (search_document) WHERE preset_type = 'catering' AND is_active;
-- near an address: bounding box first, exact distance after
-- (INCLUDE lets "how many within 50 km" with a cuisine filter, and the page of ids, be
-- index-only scans: the planner prefers the box + sort to a KNN scan, so the sort must not
-- visit the heap)
CREATE INDEX presets_restaurant_location_idx ON presets USING gist (location) INCLUDE (id, cuisine_types, order_count) WHERE preset_type = 'restaurant' AND is_active;
-- (catering: the sort keys too, so "near here, cheapest first" sorts index tuples without heap visits)
CREATE INDEX presets_catering_location_idx ON presets USING gist (location)
  INCLUDE (id, cuisine_types, category_names, order_count, price_per_person_cents, number_of_guests) WHERE preset_type = 'catering' AND is_active;
-- cuisine filter cards
CREATE INDEX presets_cuisine_idx ON presets USING gin (cuisine_types);
-- listings and their sorts (popular, price, head count) per preset type
CREATE INDEX presets_popular_idx ON presets (preset_type, order_count DESC, id) WHERE is_active;
CREATE INDEX presets_price_idx ON presets (preset_type, price_per_person_cents, id) WHERE is_active;
CREATE INDEX presets_guests_idx ON presets (preset_type, number_of_guests, id) WHERE is_active;

-- Recomputes the denormalised search columns of the given presets (all when ids is NULL) and
-- adds their words to search_terms.
CREATE FUNCTION refresh_preset_search(ids bigint[] DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH target AS (
    SELECT p.id, p.preset_type FROM presets p WHERE ids IS NULL OR p.id = ANY (ids)
  ),
  chef_text AS (
    SELECT t.id,
           string_agg(c.business_name, ' ' ORDER BY pc.position) AS names,
           (array_agg(ll_to_earth(c.latitude, c.longitude)::cube ORDER BY pc.position, c.id))[1] AS location
      FROM target t
      JOIN preset_chefs pc ON pc.preset_id = t.id
      JOIN chefs c ON c.id = pc.chef_id
     GROUP BY t.id
  ),
  dishes AS (
    -- a restaurant shows its chefs' whole menus; other presets their cart
    SELECT t.id, m.name, m.description
      FROM target t
      JOIN preset_chefs pc ON pc.preset_id = t.id
      JOIN menus m ON m.chef_id = pc.chef_id AND NOT m.is_deleted
     WHERE t.preset_type = 'restaurant'
    UNION ALL
    SELECT t.id, m.name, m.description
      FROM target t
      JOIN preset_items pi ON pi.preset_id = t.id
      JOIN menus m ON m.id = pi.menu_id
     WHERE t.preset_type <> 'restaurant'
  ),
  dish_text AS (
    SELECT id, string_agg(name, ' ') AS names, string_agg(description, ' ') AS descriptions
      FROM dishes GROUP BY id
  ),
  doc AS (
    SELECT p.id, ct.location,
           p.name || ' ' || coalesce(ct.names, '') AS a,
           array_to_string(p.cuisine_types || p.category_names || p.dietary_types, ' ') AS b,
           coalesce(dt.names, '') AS c,
           p.description || ' ' || coalesce(dt.descriptions, '') AS d
      FROM presets p
      JOIN target t ON t.id = p.id
      LEFT JOIN chef_text ct ON ct.id = p.id
      LEFT JOIN dish_text dt ON dt.id = p.id
  ),
  upd AS (
    UPDATE presets p
       SET location = doc.location,
           search_document = setweight(to_tsvector('english', doc.a), 'A')
                          || setweight(to_tsvector('english', doc.b), 'B')
                          || setweight(to_tsvector('english', doc.c), 'C')
                          || setweight(to_tsvector('english', doc.d), 'D')
      FROM doc
     WHERE p.id = doc.id
    RETURNING doc.a, doc.b, doc.c
  ),
  words AS (
    SELECT DISTINCT w
      FROM upd, regexp_split_to_table(lower(upd.a || ' ' || upd.b || ' ' || upd.c), '[^[:alpha:]]+') AS w
     WHERE length(w) >= 3
  ),
  ins AS (
    INSERT INTO search_terms (word) SELECT w FROM words ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT count(*) INTO n FROM upd;
  RETURN n;
END;
$$;

-- a catalogue loaded before this migration gets its documents now
SELECT refresh_preset_search();
