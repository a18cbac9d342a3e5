-- Shared saved carts (issue 16 item 3; docs/decisions/031-shared-saved-carts.md).

-- A saved cart (preset_type save_for_later) opens for anyone holding its share link, read-only;
-- the link carries this token, not only the preset's id or slug (both guessable). Two random
-- UUIDs' worth (244 random bits, 64 hex digits), as group orders' share tokens (migration
-- 012). Every row gets one, carts saved before this migration included; catalogue presets
-- never need theirs (their pages are public).
ALTER TABLE presets
  ADD COLUMN share_token text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX presets_share_token_idx ON presets (share_token);
