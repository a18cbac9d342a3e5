-- What a dish is for sales tax (issue 17; docs/decisions/033): prepared food, or a soda beverage
-- (a sweetened carbonated or effervescent drink: soft drinks, sparkling juice, kombucha), which
-- BC PST reaches (7% since 2021-04-01) though it exempts prepared food.
ALTER TABLE menus
  ADD COLUMN tax_category text NOT NULL DEFAULT 'prepared_food' CHECK (tax_category IN ('prepared_food', 'soda_beverage'));

-- The demo catalogue's soda beverages (the seed names them; a database seeded before this
-- migration gets them here, a new one from the seed itself). Orders already placed keep the
-- taxes they were charged.
UPDATE menus SET tax_category = 'soda_beverage' WHERE name IN ('Assorted Soft Drinks', 'Kombucha (Ginger)');
