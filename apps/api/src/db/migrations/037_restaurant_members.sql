-- Restaurant teams (issue 19; docs/decisions/047-the-supply-side-plan.md): who works for which
-- restaurant, and as what. Apart from users.role (a customer, or operations staff): one account
-- can order lunch and run one restaurant or several. Roles rank owner > manager > staff.
CREATE TABLE restaurant_members (
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'staff')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chef_id, user_id)
);
-- "my restaurants": a user's memberships
CREATE INDEX restaurant_members_user_idx ON restaurant_members (user_id);
