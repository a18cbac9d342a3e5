import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Loading } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../stores/session';
import { useAnswerByLink, useAnswerLink } from '../api/answer-links';
import type { PartnerAnswerLink } from '../api/types';
import { portalPaths } from '../portal-paths';
import { DeclineForm } from './decline-dialog';
import { readInviteToken } from './invite-page';
import { errorMessages, usePortalTitle } from './portal-common';
import './partner.css';

// /partner/answer#token=...: the page of a new order's Accept or Decline link in the restaurant's
// email (decision 048). Opening it answers nothing (a mail scanner follows links): it shows the
// order and the one click that answers, Accept, or Decline with a reason. No sign-in is needed:
// the signed link is the authority, for this order only and once. The token leaves the address
// bar at once, like an invitation's.

const ANSWERED: Record<NonNullable<PartnerAnswerLink['answer']>, string> = {
  accepted: 'accepted',
  declined: 'declined',
  acknowledged: 'acknowledged',
  withdrawn: 'withdrawn (the order changed before an answer)',
};

export function AnswerLinkPage() {
  const [token] = useState(() => readInviteToken());
  useEffect(() => {
    if (window.location.hash) {
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    }
  }, []);
  const link = useAnswerLink(token);
  usePortalTitle(link.data ? `Order ${link.data.order.orderNumber}` : 'Answer an order');

  if (token === null)
    return (
      <AnswerPanel title="This link is incomplete">
        <p>Open the Accept or Decline link in the order&rsquo;s email again, or answer in the portal.</p>
        <PortalLink />
      </AnswerPanel>
    );
  if (link.isPending)
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Looking up the order…" />
      </section>
    );
  if (link.isError)
    return (
      <AnswerPanel title="This link cannot be used">
        <p>{errorMessages(link.error).join(' ')}</p>
        {isApiError(link.error) && link.error.status === 404 ? null : (
          <Button onClick={() => void link.refetch()}>Try again</Button>
        )}
        <PortalLink />
      </AnswerPanel>
    );
  return <Answer token={token} link={link.data} />;
}

function Answer({ token, link }: { token: string; link: PartnerAnswerLink }) {
  const answer = useAnswerByLink(token);
  const signedIn = useSessionUser() !== null;
  const o = link.order;
  const facts = (
    <dl className="partner-facts">
      <div className="partner-fact-wide">
        <dt>{o.orderType === 'pickup' ? 'Pickup' : 'Delivery'}</dt>
        <dd>{o.displayDeliveryDateTime}</dd>
      </div>
      <div>
        <dt>Servings</dt>
        <dd>{o.portions}</dd>
      </div>
      <div>
        <dt>Food total</dt>
        <dd>{o.itemsTotal}</dd>
      </div>
      {o.companyName ? (
        <div className="partner-fact-wide">
          <dt>Customer</dt>
          <dd>{o.companyName}</dd>
        </div>
      ) : null}
    </dl>
  );
  const open = signedIn ? (
    <Link className="btn btn-secondary" to={link.portalPath}>
      Open the order in the portal
    </Link>
  ) : (
    <PortalLink />
  );

  if (link.answer !== null)
    return (
      <AnswerPanel title={`Order ${o.orderNumber} was ${ANSWERED[link.answer]}`} restaurant={link.restaurantName}>
        {facts}
        <p role="status">
          {answer.isSuccess
            ? link.answer === 'accepted'
              ? 'Thank you. The customer has been told that you accepted it.'
              : 'The customer has been told, and their payment hold is released.'
            : 'Nothing more is needed from this link.'}
        </p>
        {open}
      </AnswerPanel>
    );

  const refused = answer.isError ? errorMessages(answer.error) : [];
  return link.action === 'accept' ? (
    <AnswerPanel title={`Accept order ${o.orderNumber}?`} restaurant={link.restaurantName}>
      {facts}
      {refused.length ? (
        <p className="form-alert" role="alert">
          {refused.join(' ')}
        </p>
      ) : null}
      <div className="partner-answer-actions">
        <Button busy={answer.isPending} onClick={() => answer.mutate({})}>
          Accept order
        </Button>
        {open}
      </div>
    </AnswerPanel>
  ) : (
    <AnswerPanel title={`Decline order ${o.orderNumber}?`} restaurant={link.restaurantName}>
      {facts}
      <p className="muted">The customer is told the reason you choose, with your note.</p>
      <DeclineForm
        busy={answer.isPending}
        serverErrors={refused}
        onDecline={({ reason, note }) => answer.mutate({ reason, note })}
        actions={(submit) => (
          <div className="partner-answer-actions">
            {submit}
            {open}
          </div>
        )}
      />
    </AnswerPanel>
  );
}

function PortalLink() {
  return (
    <Link className="btn btn-secondary" to={portalPaths.home}>
      Go to the restaurant portal
    </Link>
  );
}

function AnswerPanel({ title, restaurant, children }: { title: string; restaurant?: string; children: ReactNode }) {
  return (
    <section className="container page partner-page" aria-labelledby="partner-answer-title">
      <div className="partner-panel partner-invite">
        <p className="eyebrow">{restaurant ?? 'Caterway for restaurants'}</p>
        <h1 id="partner-answer-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
