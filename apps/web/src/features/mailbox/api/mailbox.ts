import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Development mailbox: the outbox of emails the API "sent" (ARCHITECTURE.md, email port).
// The API answers 404 when the mailbox is disabled (production).

export interface MailboxEmailSummary {
  id: number;
  toAddress: string;
  subject: string;
  template: string;
  createdAt: string;
}

export interface MailboxEmail extends MailboxEmailSummary {
  textBody: string;
  htmlBody: string | null;
}

export const mailboxKeys = {
  all: ['mailbox'] as const,
  list: (to: string, limit: number) => [...mailboxKeys.all, 'list', to, limit] as const,
  detail: (id: number) => [...mailboxKeys.all, 'detail', id] as const,
};

export const mailboxListQueryOptions = (to: string, limit = 50) =>
  queryOptions({
    queryKey: mailboxKeys.list(to, limit),
    queryFn: ({ signal }) =>
      api.get<{ emails: MailboxEmailSummary[] }>('/api/v2/dev/mailbox', { query: { to, limit }, signal, auth: 'none' }),
    meta: { handlesErrors: true },
    staleTime: 0,
  });

export const mailboxEmailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: mailboxKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ email: MailboxEmail }>(`/api/v2/dev/mailbox/${id}`, { signal, auth: 'none' }),
    meta: { handlesErrors: true },
  });
