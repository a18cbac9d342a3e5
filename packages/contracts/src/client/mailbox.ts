import type { MailboxEmailResponse, MailboxListResponse, MailboxQuery } from '../mailbox.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// The development mailbox (/dev/mailbox): the emails the API "sent". Public; the API answers 404
// when it is off (production).

export type MailboxListQuery = WireQuery<MailboxQuery>;

/** Query keys of the development mailbox. */
export const mailboxKeys = {
  all: ['mailbox'] as const,
  list: (query: MailboxListQuery) => [...mailboxKeys.all, 'list', query] as const,
  email: (id: number) => [...mailboxKeys.all, 'email', id] as const,
};

export function mailboxClient(send: Transport) {
  return {
    /** GET api/v2/dev/mailbox?to=&limit=: newest first */
    list: (query: MailboxListQuery, o?: CallOptions) =>
      send<MailboxListResponse>('GET', '/api/v2/dev/mailbox', { ...o, query, auth: 'none' }),
    /** GET api/v2/dev/mailbox/{id}: one email with its bodies */
    email: (id: number, o?: CallOptions) =>
      send<MailboxEmailResponse>('GET', `/api/v2/dev/mailbox/${id}`, { ...o, auth: 'none' }),
  };
}

export type MailboxClient = ReturnType<typeof mailboxClient>;
