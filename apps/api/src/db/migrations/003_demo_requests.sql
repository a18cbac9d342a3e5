-- Demo requests from /book-demo (browse-account-orders §5 'Demo form', §7 messages/json_create.json)
-- and the ALTCHA challenges already redeemed, so each solved challenge is accepted once.

CREATE TABLE demo_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  company text NOT NULL,
  phone text NOT NULL,
  num_people_range text NOT NULL
    CHECK (num_people_range IN ('0-10', '10-25', '25-50', '50-100', '100-150', '150-300', '300+')),
  order_frequency text NOT NULL
    CHECK (order_frequency IN ('Daily', 'Weekly', 'Monthly', 'Occasionally', 'One Time Event')),
  message text NOT NULL DEFAULT '',
  ip inet,
  user_agent text NOT NULL DEFAULT '',
  -- set once the sales inbox email went out; NULL rows are the ones to chase by hand
  emailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_requests_created_at_idx ON demo_requests (created_at DESC);

CREATE TABLE altcha_used_challenges (
  -- the challenge's HMAC signature (hex): unique per issued challenge
  signature text PRIMARY KEY,
  -- the challenge's own expiry; rows past it can go, an expired challenge is refused anyway
  expires_at timestamptz NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX altcha_used_challenges_expires_at_idx ON altcha_used_challenges (expires_at);
