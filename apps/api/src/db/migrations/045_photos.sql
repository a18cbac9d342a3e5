-- Photos restaurants upload (issue 19 part 3; decision 054): the logo, the banner and one photo a
-- dish. The bytes live behind the storage port (DATA_DIR/uploads or an S3 bucket) under
-- content-addressed keys; a row says which variants exist and which catalogue URL it replaced,
-- so that removing the photo brings the generated art back.
CREATE TABLE photos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  -- the dish of a 'dish' photo; null for the logo and the banner
  menu_id bigint REFERENCES menus (id) ON DELETE CASCADE,
  target text NOT NULL CHECK (target IN ('logo', 'banner', 'dish')),
  -- sha256 of the re-encoded original, first 24 hex digits: every key of its variants starts with it
  content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{24}$'),
  -- the original after rotation and metadata stripping (kept to crop again for a new focal point)
  original_key text NOT NULL,
  -- the crops of the current focal point: { "shape": "card", "url": ..., "widths": [...], "keys": [...] }
  variants jsonb NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  focal_x real NOT NULL DEFAULT 0.5 CHECK (focal_x BETWEEN 0 AND 1),
  focal_y real NOT NULL DEFAULT 0.5 CHECK (focal_y BETWEEN 0 AND 1),
  -- the upload's size
  bytes integer NOT NULL CHECK (bytes > 0),
  -- what the catalogue showed before the first photo of this slot (the generated art)
  replaced_url text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((target = 'dish') = (menu_id IS NOT NULL))
);
-- one photo per slot: a new upload replaces the row
CREATE UNIQUE INDEX photos_slot_idx ON photos (chef_id, target, coalesce(menu_id, 0));
CREATE INDEX photos_menu_idx ON photos (menu_id) WHERE menu_id IS NOT NULL;
