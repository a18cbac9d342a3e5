import type { OutgoingEmail } from '../ports/email.js';
import type { SqlPart } from './sql-parts.js';

// The outbox_emails row of a message as a part of a caller's statement (db/sql-parts.ts), so it
// commits with what it confirms (decision 017). The outbox mailer (adapters/email) writes it on
// its own; a service writes it beside its change when the mailer is `deliveredByOutboxRow`.
export function outboxEmailPart(email: OutgoingEmail): SqlPart {
  return {
    sql: (
      p,
      guard,
    ) => `INSERT INTO outbox_emails (to_address, subject, text_body, html_body, template, transport, sent_at)
      SELECT ${p(email.to)}::text, ${p(email.subject)}::text, ${p(email.text)}::text, ${p(email.html)}::text, ${p(email.template)}::text, 'outbox', now()
       WHERE EXISTS (SELECT 1 FROM ${guard})`,
  };
}
