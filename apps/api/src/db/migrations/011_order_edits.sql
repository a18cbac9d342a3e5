-- Editing a placed order and add-on orders (issue 5 items 4 and 5).
-- edit_version counts the customer's edits: the payment provider's idempotency keys of an
-- edit's re-authorisation carry it, so a retried edit never authorises twice while the next
-- edit gets a fresh authorisation.
ALTER TABLE catering_orders ADD COLUMN edit_version integer NOT NULL DEFAULT 0 CHECK (edit_version >= 0);
