import { queryOptions } from '@tanstack/react-query';
import type { MailboxEmailSummary as WireSummary } from '@caterway/contracts';
import { mailboxClient, mailboxKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// Development mailbox: the outbox of emails the API "sent" (ARCHITECTURE.md, email port).
// The API answers 404 when the mailbox is disabled (production).

const mailbox = connect(mailboxClient);

export type MailboxEmailSummary = Camelize<WireSummary>;

export const mailboxListQueryOptions = (to: string, limit = 50) =>
  queryOptions({
    queryKey: mailboxKeys.list({ to, limit }),
    queryFn: ({ signal }) => mailbox.list({ to, limit }, { signal }),
    meta: { handlesErrors: true },
    staleTime: 0,
  });

export const mailboxEmailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: mailboxKeys.email(id),
    queryFn: ({ signal }) => mailbox.email(id, { signal }),
    meta: { handlesErrors: true },
  });
