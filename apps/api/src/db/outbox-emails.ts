import type { EmailAttachment, OutgoingEmail } from '../ports/email.js';
import type { SqlPart } from './sql-parts.js';

// The outbox_emails row of a message as a part of a caller's statement (db/sql-parts.ts), so it
// commits with what it confirms (decision 017). The outbox mailer (adapters/email) writes it on
// its own; a service writes it beside its change when the mailer is `deliveredByOutboxRow`.
export function outboxEmailPart(email: OutgoingEmail): SqlPart {
  return {
    sql: (
      p,
      guard,
    ) => `INSERT INTO outbox_emails (to_address, subject, text_body, html_body, template, transport, sent_at, attachments)
      SELECT ${p(email.to)}::text, ${p(email.subject)}::text, ${p(email.text)}::text, ${p(email.html)}::text, ${p(email.template)}::text, 'outbox', now(), ${p(storedAttachments(email))}::jsonb
       WHERE EXISTS (SELECT 1 FROM ${guard})`,
  };
}

/** The attachments column's JSON (snake_case, as the row keeps it). */
export function storedAttachments(email: Pick<OutgoingEmail, 'attachments'>): string {
  return JSON.stringify(
    (email.attachments ?? []).map((a) => ({ filename: a.filename, content_type: a.contentType, content: a.content })),
  );
}

/** The attachments column read back. */
export function attachmentsOf(stored: unknown): EmailAttachment[] {
  if (!Array.isArray(stored)) return [];
  return (stored as { filename: string; content_type: string; content: string }[]).map((a) => ({
    filename: a.filename,
    contentType: a.content_type,
    content: a.content,
  }));
}
