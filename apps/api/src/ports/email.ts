// Email port. Adapters: outbox (default; rows in outbox_emails read by the dev mailbox)
// and SMTP through nodemailer when SMTP_URL is set. Both record every message in the outbox.
/** A text file sent with a message (the order confirmation's calendar event). */
export interface EmailAttachment {
  filename: string;
  /** e.g. 'text/calendar; charset=utf-8; method=PUBLISH' */
  contentType: string;
  content: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** template name, e.g. 'confirm_email', for tests and the mailbox */
  template: string;
  attachments?: EmailAttachment[];
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(email: OutgoingEmail): Promise<void>;
  /**
   * SMTP: records the message and leaves its delivery to the job queue, so the caller's answer
   * neither waits on the mail server nor takes longer for some addresses than for others (the
   * account emails, docs/decisions/029). Absent where send is a database write anyway (outbox).
   */
  sendLater?(email: OutgoingEmail): Promise<void>;
  /**
   * SMTP: sends an outbox message whose first delivery failed (the 'email_delivery' job queued by
   * send). A message already sent is not sent again.
   */
  redeliver?(outboxId: number): Promise<void>;
  close?(): Promise<void>;
  /**
   * Outbox only, where the row is the whole delivery: the caller may write the message's row in
   * its own statement instead of calling send (db/outbox-emails.ts), so it commits with what it
   * confirms (decision 017).
   */
  readonly deliveredByOutboxRow?: true;
}
