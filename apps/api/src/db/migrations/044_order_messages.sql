-- "86 an item" (issue 19 part 3; decision 053).
--
-- A restaurant's message to the customer of an order it cannot serve as ordered (a dish sold out,
-- a substitute proposed): shown on the customer's order page and in the portal, and emailed. A
-- message to a group order goes to its organiser and names the group order; its combined order
-- (catering_order_id) is set once the group order was placed. Never updated or deleted.
CREATE TABLE order_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  catering_order_id bigint REFERENCES catering_orders (id) ON DELETE CASCADE,
  group_order_uuid uuid REFERENCES group_orders (uuid) ON DELETE CASCADE,
  author_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('substitute', 'note')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  -- the dish (and option) the message is about, by id and by name as they were then
  menu_id bigint REFERENCES menus (id) ON DELETE SET NULL,
  menu_item_id bigint REFERENCES menu_items (id) ON DELETE SET NULL,
  subject text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  CHECK (catering_order_id IS NOT NULL OR group_order_uuid IS NOT NULL)
);
CREATE INDEX order_messages_order_idx ON order_messages (catering_order_id, id) WHERE catering_order_id IS NOT NULL;
CREATE INDEX order_messages_group_idx ON order_messages (group_order_uuid, id) WHERE group_order_uuid IS NOT NULL;

-- The storefront asks at every detail read which of a restaurant's dishes and options are 86'd:
-- only those rows are in these indexes, so the question costs a probe of a nearly empty index.
CREATE INDEX menus_unavailable_idx ON menus (chef_id) WHERE unavailable_until IS NOT NULL;
CREATE INDEX menu_items_unavailable_idx ON menu_items (menu_id) WHERE unavailable_until IS NOT NULL;
