import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env.js';
import { attachmentsOf, outboxEmailPart, storedAttachments } from '../../db/outbox-emails.js';
import type { Db } from '../../db/pool.js';
import { standalone } from '../../db/sql-parts.js';
import { enqueue } from '../../lib/jobs.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';

/** The job kind that retries a failed SMTP delivery (job-runner.ts runs it). */
export const EMAIL_DELIVERY_JOB = 'email_delivery';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Outbox adapter: keeps every message in outbox_emails, where the dev mailbox reads it. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(email: OutgoingEmail) {
      const { text, values } = standalone(outboxEmailPart(email));
      await db.query(text, values);
    },
    deliveredByOutboxRow: true,
  };
}

/**
 * SMTP adapter (nodemailer, SMTP_URL such as smtp://user:pass@host:587 or smtps://...:465).
 * Every message is recorded in outbox_emails first with transport 'smtp'; sent_at is set once
 * the server accepted it, or error holds why it did not (and send rejects).
 */
export function createSmtpMailer(
  config: { smtpUrl: string; mailFrom: string; retryDelayMs?: number },
  db: Db,
  log: Log,
): Mailer {
  const transport = nodemailer.createTransport(config.smtpUrl);

  async function deliver(id: number, email: OutgoingEmail): Promise<void> {
    try {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: (email.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
      await db.query('UPDATE outbox_emails SET sent_at = now(), error = NULL WHERE id = $1', [id]);
      log.info({ outboxId: id, template: email.template, messageId: info.messageId }, 'email sent');
    } catch (err) {
      const message = (err as Error).message || 'send failed';
      await db.query('UPDATE outbox_emails SET error = $2 WHERE id = $1', [id, message.slice(0, 1000)]);
      log.error({ outboxId: id, template: email.template, err: { message } }, 'email not sent');
      throw err;
    }
  }

  async function record(email: OutgoingEmail): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO outbox_emails (to_address, subject, text_body, html_body, template, transport, attachments)
       VALUES ($1, $2, $3, $4, $5, 'smtp', $6::jsonb) RETURNING id`,
      [email.to, email.subject, email.text, email.html, email.template, storedAttachments(email)],
    );
    return rows[0]!.id;
  }

  return {
    transport: 'smtp',
    async sendLater(email: OutgoingEmail) {
      const id = await record(email);
      await enqueue(db, {
        kind: EMAIL_DELIVERY_JOB,
        dedupeKey: `outbox-${id}`,
        payload: { outbox_id: id },
        runAt: new Date(),
      });
    },
    async send(email: OutgoingEmail) {
      const id = await record(email);
      try {
        await deliver(id, email);
      } catch (err) {
        // the job queue tries again with backoff; one job per message (decision 013)
        await enqueue(db, {
          kind: EMAIL_DELIVERY_JOB,
          dedupeKey: `outbox-${id}`,
          payload: { outbox_id: id },
          runAt: new Date(Date.now() + (config.retryDelayMs ?? 30_000)),
        });
        throw err;
      }
    },
    async redeliver(outboxId: number) {
      const { rows } = await db.query<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
        template: string;
        sent_at: Date | null;
        attachments: unknown;
      }>(
        'SELECT to_address, subject, text_body, html_body, template, sent_at, attachments FROM outbox_emails WHERE id = $1',
        [outboxId],
      );
      const row = rows[0];
      if (!row || row.sent_at) return; // sent already: once is enough
      await deliver(outboxId, {
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        template: row.template,
        attachments: attachmentsOf(row.attachments),
      });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

/** SMTP when SMTP_URL is set; otherwise the outbox, read through the development mailbox. */
export function createMailer(config: Config, db: Db, log: Log): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }, db, log);
  if (config.isProduction)
    log.warn({}, 'SMTP_URL is not set: emails stay in the outbox table and nobody receives them');
  return createOutboxMailer(db);
}
