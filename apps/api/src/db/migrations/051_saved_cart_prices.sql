-- A saved cart keeps the price each dish had when it was saved (issue 19 part 3, decision 060):
-- the checkout then says "Prices changed since you added these items" for a saved cart too, as it
-- does for a cart kept on the device. Set by the server from the catalogue, never by the browser.
-- Lines of carts saved before this migration have none (null): no notice for them. Catalogue
-- presets' lines have none either: their default cart is priced as it is read.
ALTER TABLE preset_items ADD COLUMN saved_unit_price_cents integer CHECK (saved_unit_price_cents >= 0);
