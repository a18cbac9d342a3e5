-- Accounts and group-order abuse limits (issue 15 section 3; docs/decisions/029-accounts-passwords-and-enumeration.md).

-- Failed sign-ins per account (lowercased email) and per client address, for the exponential
-- backoff that replaced the hourly lock-out. An attempt is counted when it is let through
-- (before the password is checked, so parallel guesses queue behind each other); a correct
-- password takes its count back. A row older than the forget period counts as none. With
-- REDIS_URL the same state lives in Redis instead.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_last_idx ON sign_in_failures (last_failure_at);

-- Emails the public join endpoint of a group order sends (the member's link), counted so a
-- stranger who knows a share link cannot mail any address without limit: at most 5 per group
-- order per hour and 1 per address per day.
CREATE TABLE group_order_emails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_order_uuid uuid NOT NULL REFERENCES group_orders (uuid) ON DELETE CASCADE,
  to_address text NOT NULL,
  template text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX group_order_emails_group_idx ON group_order_emails (group_order_uuid, sent_at);
CREATE INDEX group_order_emails_address_idx ON group_order_emails (lower(to_address), sent_at);

-- Further links of a member: joining again with the same email mails the member a new link and
-- keeps the one they have (only SHA-256 hashes are stored, so the old link cannot be re-sent).
CREATE TABLE group_order_member_tokens (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES group_order_members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX group_order_member_tokens_member_idx ON group_order_member_tokens (member_id);

-- Every change of a group order's budget: who (the user and their role then), when, old, new.
CREATE TABLE group_order_budget_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_order_uuid uuid NOT NULL REFERENCES group_orders (uuid) ON DELETE CASCADE,
  changed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  changed_by_role text NOT NULL CHECK (changed_by_role IN ('creator', 'staff')),
  old_budget_cents integer NOT NULL,
  new_budget_cents integer NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX group_order_budget_changes_group_idx ON group_order_budget_changes (group_order_uuid, changed_at);
