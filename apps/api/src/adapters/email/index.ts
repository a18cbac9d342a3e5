import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/pool.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Outbox adapter: keeps every message in outbox_emails, where the dev mailbox reads it. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(email: OutgoingEmail) {
      await db.query(
        `INSERT INTO outbox_emails (to_address, subject, text_body, html_body, template, transport, sent_at)
         VALUES ($1, $2, $3, $4, $5, 'outbox', now())`,
        [email.to, email.subject, email.text, email.html, email.template],
      );
    },
  };
}

export function createMailer(_config: Config, db: Db, _log: Log): Mailer {
  return createOutboxMailer(db);
}
