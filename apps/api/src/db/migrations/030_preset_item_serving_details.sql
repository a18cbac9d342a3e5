-- Preset items' servingDetails (ordering-payments §3 'Preset item'; issue 16 item 9): a short text
-- per line of a preset saying how it is served and whom it feeds. The demo generator writes it
-- (db/seed/generator.ts servingDetails); rows loaded before this migration get the same text from
-- their dish (a tray's description says how many it serves).
ALTER TABLE preset_items ADD COLUMN serving_details text NOT NULL DEFAULT '';

UPDATE preset_items pi
   SET serving_details = CASE
         WHEN m.menu_type = 'single' THEN
           format('%s individually packaged %s, one per guest.', pi.quantity, CASE WHEN pi.quantity = 1 THEN 'portion' ELSE 'portions' END)
         ELSE
           format('%s %s, each serving about %s guests.', pi.quantity, CASE WHEN pi.quantity = 1 THEN 'tray' ELSE 'trays' END,
                  coalesce((regexp_match(m.description, 'Serves about (\d+)'))[1], '10'))
       END
  FROM menus m
 WHERE m.id = pi.menu_id;
