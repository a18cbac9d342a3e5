-- Tax by place of supply, each tax its own line, and the tip (issue 17; docs/decisions/033).

-- An order keeps each tax it was charged as its own line: name, rate, rounded cents and, for a
-- US sales tax, the jurisdiction ("Seattle, WA"). tax_cents stays their sum and tax_name /
-- tax_rate the combined name and rate the product documents show ("GST+QST", 14.975).
-- place_* is the place of supply the taxes were looked up for: the delivery address's province
-- or state (and city, for US local taxes), the restaurant's for pickup.
ALTER TABLE catering_orders
  ADD COLUMN tax_lines jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN place_country text,
  ADD COLUMN place_region text,
  ADD COLUMN place_locality text,
  ADD COLUMN tip_cents integer NOT NULL DEFAULT 0 CHECK (tip_cents >= 0),
  -- 10, 15 or 18 when the tip was chosen as a percent of the food subtotal; null for an amount or none
  ADD COLUMN tip_percent integer CHECK (tip_percent IN (10, 15, 18));

-- Orders placed before this migration keep exactly what they were charged: their one tax
-- becomes one line with the same name, rate and cents. Nothing is recomputed.
UPDATE catering_orders
   SET tax_lines = jsonb_build_array(jsonb_build_object(
         'name', tax_name, 'rate_percent', tax_rate, 'cents', tax_cents, 'jurisdiction', NULL))
 WHERE tax_lines = '[]'::jsonb;

-- From now on the total is exactly its parts (existing rows are not re-validated).
ALTER TABLE catering_orders
  ADD CONSTRAINT catering_orders_total_is_its_parts
  CHECK (total_cents = subtotal_cents + delivery_fee_cents + cutlery_cents + tax_cents + tip_cents) NOT VALID;

-- A restaurant no longer carries a tax rate: the rate comes from the dated tax table for the
-- place of supply. The old per-restaurant default (13% HST when unset) was wrong outside Ontario.
ALTER TABLE chefs DROP COLUMN tax_name, DROP COLUMN tax_rate;

-- What corporate buyers fill in (issue 17 part 3): a purchase-order number and a cost centre
-- (at most 64 characters each, empty when not given) on orders, add-ons and group orders, and
-- the on-site contact who receives the food when it is not the orderer.
ALTER TABLE catering_orders
  ADD COLUMN po_number text NOT NULL DEFAULT '' CHECK (char_length(po_number) <= 64),
  ADD COLUMN cost_centre text NOT NULL DEFAULT '' CHECK (char_length(cost_centre) <= 64),
  ADD COLUMN onsite_contact_name text NOT NULL DEFAULT '' CHECK (char_length(onsite_contact_name) <= 80),
  ADD COLUMN onsite_contact_phone text NOT NULL DEFAULT '' CHECK (char_length(onsite_contact_phone) <= 40);
ALTER TABLE group_orders
  ADD COLUMN po_number text NOT NULL DEFAULT '' CHECK (char_length(po_number) <= 64),
  ADD COLUMN cost_centre text NOT NULL DEFAULT '' CHECK (char_length(cost_centre) <= 64);
