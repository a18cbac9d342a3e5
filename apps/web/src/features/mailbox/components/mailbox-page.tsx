import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@caterway/ui';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { mailboxEmailQueryOptions, mailboxListQueryOptions, type MailboxEmailSummary } from '../api/mailbox';
import { EmailFrame } from './email-frame';

export const MAILBOX_DISABLED = 'The development mailbox is turned off.';

const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
};

function Disabled() {
  return (
    <div className="empty-state">
      <p>{MAILBOX_DISABLED}</p>
    </div>
  );
}

/** List of sent emails with a recipient filter (?to=). */
export function MailboxList() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const list = useQuery(mailboxListQueryOptions(to));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { to: draft.trim() } : {});
  };

  return (
    <section className="container page">
      <h1>Development mailbox</h1>
      <p className="muted">Emails the app has sent while running in development. Nothing here leaves this machine.</p>
      <form className="mailbox-filter" role="search" onSubmit={onSubmit}>
        <label htmlFor="mailbox-to">Recipient</label>
        <input
          id="mailbox-to"
          type="search"
          value={draft}
          placeholder="name@company.com"
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Button variant="ghost" onClick={() => void list.refetch()} busy={list.isFetching}>
          Refresh
        </Button>
      </form>
      {list.isPending ? (
        <p role="status">Loading emails…</p>
      ) : list.isError ? (
        isApiError(list.error) && list.error.status === 404 ? (
          <Disabled />
        ) : (
          <p className="form-alert" role="alert">
            Could not load the mailbox.
          </p>
        )
      ) : list.data.emails.length === 0 ? (
        <div className="empty-state">
          <p>{to ? `No emails to ${to} yet.` : 'No emails yet.'}</p>
        </div>
      ) : (
        <ul className="mailbox-list" aria-label="Emails">
          {list.data.emails.map((email: MailboxEmailSummary) => (
            <li key={email.id}>
              <Link to={paths.devMailboxEmail.getHref(email.id)} className="mailbox-item">
                <span className="mailbox-subject">{email.subject}</span>
                <span className="mailbox-meta">
                  To {email.toAddress} · {formatWhen(email.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One email: headers, the HTML body in a sandboxed frame, and the plain-text body. */
export function MailboxEmailView({ id }: { id: number }) {
  const email = useQuery({ ...mailboxEmailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  // Both "no such email" and "mailbox off" answer 404; the list tells them apart.
  const emailMissing = isApiError(email.error) && email.error.status === 404;
  const mailboxOff = useQuery({ ...mailboxListQueryOptions('', 1), enabled: emailMissing });
  return (
    <section className="container page">
      <p>
        <Link to={paths.devMailbox.path}>← All emails</Link>
      </p>
      {email.isPending ? (
        <p role="status">Loading email…</p>
      ) : email.isError ? (
        isApiError(email.error) && email.error.status === 404 ? (
          mailboxOff.isError && isApiError(mailboxOff.error) && mailboxOff.error.status === 404 ? (
            <Disabled />
          ) : mailboxOff.isPending ? null : (
            <div className="empty-state">
              <p>This email does not exist.</p>
            </div>
          )
        ) : (
          <p className="form-alert" role="alert">
            Could not load this email.
          </p>
        )
      ) : (
        <article className="mailbox-email">
          <h1>{email.data.email.subject}</h1>
          <dl className="mailbox-headers">
            <div>
              <dt>To</dt>
              <dd>{email.data.email.toAddress}</dd>
            </div>
            <div>
              <dt>Sent</dt>
              <dd>{formatWhen(email.data.email.createdAt)}</dd>
            </div>
            <div>
              <dt>Template</dt>
              <dd>{email.data.email.template}</dd>
            </div>
          </dl>
          {email.data.email.htmlBody ? (
            <EmailFrame html={email.data.email.htmlBody} title={`Email: ${email.data.email.subject}`} />
          ) : null}
          {email.data.email.attachments.length ? (
            <ul className="mailbox-attachments" aria-label="Attachments">
              {email.data.email.attachments.map((a) => (
                <li key={a.filename}>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => saveFile(new Blob([a.content], { type: a.contentType }), a.filename)}
                  >
                    {a.filename}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <details className="mailbox-text" open={!email.data.email.htmlBody}>
            <summary>Plain-text version</summary>
            <pre>{email.data.email.textBody}</pre>
          </details>
        </article>
      )}
    </section>
  );
}
