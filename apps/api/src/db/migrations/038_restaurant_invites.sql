-- Invitations to a restaurant's team (issue 19; docs/decisions/047-the-supply-side-plan.md). The
-- link's token is kept only as its sha256, like user_tokens; it works once, until expires_at.
-- A newer invitation of the same email to the same restaurant retires the older one.
CREATE TABLE restaurant_invites (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chef_id bigint NOT NULL REFERENCES chefs (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'staff')),
  token_hash text NOT NULL UNIQUE,
  invited_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- set once: accepted (accepted_by is the account that joined) or retired by a newer invitation
  accepted_at timestamptz,
  accepted_by bigint REFERENCES users (id) ON DELETE SET NULL,
  retired_at timestamptz
);
-- the open invitations of a restaurant, and how many it sent lately (a limit a day)
CREATE INDEX restaurant_invites_chef_idx ON restaurant_invites (chef_id, created_at);
