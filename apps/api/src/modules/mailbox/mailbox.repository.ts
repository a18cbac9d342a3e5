import type { Queryable } from '../../db/pool.js';

export interface OutboxEmailRow {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  attachments: { filename: string; content_type: string; content: string }[];
}

export function createMailboxRepository(db: Queryable) {
  return {
    /** Newest first; optionally only the messages to one address (any letter case). */
    async findMany(filter: {
      to?: string;
      limit: number;
    }): Promise<Omit<OutboxEmailRow, 'text_body' | 'html_body' | 'attachments'>[]> {
      const { rows } = await db.query<OutboxEmailRow>(
        `SELECT id, to_address, subject, template, created_at FROM outbox_emails
         WHERE ($1::text IS NULL OR lower(to_address) = lower($1))
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [filter.to ?? null, filter.limit],
      );
      return rows;
    },

    async findById(id: number): Promise<OutboxEmailRow | undefined> {
      const { rows } = await db.query<OutboxEmailRow>(
        'SELECT id, to_address, subject, template, text_body, html_body, created_at, attachments FROM outbox_emails WHERE id = $1',
        [id],
      );
      return rows[0];
    },
  };
}
export type MailboxRepository = ReturnType<typeof createMailboxRepository>;
