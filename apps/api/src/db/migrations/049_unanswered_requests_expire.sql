-- An order nobody answers is declined for its restaurant, never left waiting (issue 19 part 1;
-- decision 058): the answer ladder's last step records the decline as answered 'system' with the
-- reason no_answer.
ALTER TABLE restaurant_requests DROP CONSTRAINT restaurant_requests_decline_reason_check;
ALTER TABLE restaurant_requests
  ADD CONSTRAINT restaurant_requests_decline_reason_check
  CHECK (decline_reason IN ('too_busy', 'closed', 'lead_time', 'items_unavailable', 'distance', 'other', 'no_answer'));
