import type { MailboxEmail, MailboxEmailSummary } from '@caterway/contracts';
import { notFound } from '../../lib/errors.js';
import type { MailboxRepository, OutboxEmailRow } from './mailbox.repository.js';

// The development mailbox (ARCHITECTURE.md, email port): lets a developer or a browser test
// read the emails the product sent without an SMTP server. Off in production unless
// DEV_MAILBOX says otherwise (refused in production); when off it answers 404 like any unknown path.
export function createMailboxService({ mailbox, enabled }: { mailbox: MailboxRepository; enabled: boolean }) {
  const summary = (row: Omit<OutboxEmailRow, 'text_body' | 'html_body' | 'attachments'>): MailboxEmailSummary => ({
    id: row.id,
    to_address: row.to_address,
    subject: row.subject,
    template: row.template,
    created_at: row.created_at.toISOString(),
  });

  return {
    async list(query: { to?: string; limit: number }): Promise<{ emails: MailboxEmailSummary[] }> {
      if (!enabled) throw notFound();
      const rows = await mailbox.findMany({ to: query.to || undefined, limit: query.limit });
      return { emails: rows.map(summary) };
    },

    async get(id: number): Promise<{ email: MailboxEmail }> {
      if (!enabled) throw notFound();
      const row = await mailbox.findById(id);
      if (!row) throw notFound();
      return {
        email: { ...summary(row), text_body: row.text_body, html_body: row.html_body, attachments: row.attachments },
      };
    },
  };
}
