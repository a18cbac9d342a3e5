-- Issue 20 part 3: an email may carry text attachments (the order confirmation's .ics), kept
-- with the message so the development mailbox shows them and an SMTP retry sends them again.
-- [{ "filename": "...", "content_type": "text/calendar; method=PUBLISH", "content": "..." }]
ALTER TABLE outbox_emails ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
