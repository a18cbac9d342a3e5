import { z } from 'zod';

// Development mailbox: the outbox_emails rows, readable only when DEV_MAILBOX
// (on by default outside production). The SPA shows it at /dev/mailbox.
export const mailboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MailboxQuery = z.input<typeof mailboxQuerySchema>;

export const mailboxEmailSummarySchema = z
  .object({
    id: z.number().int(),
    to_address: z.string(),
    subject: z.string(),
    template: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'MailboxEmailSummary' });
export type MailboxEmailSummary = z.infer<typeof mailboxEmailSummarySchema>;

export const mailboxListResponseSchema = z.object({ emails: z.array(mailboxEmailSummarySchema) });
export type MailboxListResponse = z.infer<typeof mailboxListResponseSchema>;

export const mailboxEmailSchema = mailboxEmailSummarySchema
  .extend({
    text_body: z.string(),
    html_body: z.string(),
    /** text files sent with the message (the order confirmation's .ics) */
    attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
  })
  .meta({ id: 'MailboxEmail' });
export type MailboxEmail = z.infer<typeof mailboxEmailSchema>;

export const mailboxEmailResponseSchema = z.object({ email: mailboxEmailSchema });
export type MailboxEmailResponse = z.infer<typeof mailboxEmailResponseSchema>;
