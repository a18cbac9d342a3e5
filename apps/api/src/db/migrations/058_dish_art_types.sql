-- Food looks like food (issue 20 §2, docs/decisions/074-food-art-by-dish-type.md).
--
-- Dish pictures were drawn from a shape hint of the menu category (/media/art/dish/12-plate.svg
-- for sushi as for a steak). Their URLs now name the dish type read from the dish's name, and
-- some types share a name with the old hints (plate, bowl, cake, sandwich, pizza), so the old
-- hints are dropped here, once: /media/art/dish/12.svg names no type, and the start-up repair
-- (db/generated-art.ts) gives every such URL its dish type. Only generated art is rewritten,
-- never an uploaded photo; the search images of presets and the pictures a removed photo gives
-- back follow their dish.
UPDATE menus
   SET main_image_url = regexp_replace(main_image_url, '^(/media/art/dish/[0-9]+)-(plate|bowl|cup|cake|sandwich|pizza|tray)\.svg$', '\1.svg')
 WHERE main_image_url ~ '^/media/art/dish/[0-9]+-(plate|bowl|cup|cake|sandwich|pizza|tray)\.svg$';

UPDATE presets
   SET search_result_image_url = regexp_replace(search_result_image_url, '^(/media/art/dish/[0-9]+)-(plate|bowl|cup|cake|sandwich|pizza|tray)\.svg$', '\1.svg')
 WHERE search_result_image_url ~ '^/media/art/dish/[0-9]+-(plate|bowl|cup|cake|sandwich|pizza|tray)\.svg$';

UPDATE photos
   SET replaced_url = regexp_replace(replaced_url, '^(/media/art/dish/[0-9]+)-(plate|bowl|cup|cake|sandwich|pizza|tray)\.svg$', '\1.svg')
 WHERE replaced_url ~ '^/media/art/dish/[0-9]+-(plate|bowl|cup|cake|sandwich|pizza|tray)\.svg$';
