import { useEffect } from 'react';
import { messages } from '@caterway/domain';
import { Button, useDocumentTitle } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { openModal } from '../../../stores/modals';

/** The portal's name, after each page's title in the tab: '(3) Orders · Caterway for restaurants'. */
export const PORTAL_NAME = 'Caterway for restaurants';

/** Sets the tab's title while the page is shown, and puts the storefront's back when it goes. */
export function usePortalTitle(title: string): void {
  // declared first, so it reads the title from before the portal's
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useDocumentTitle(title, PORTAL_NAME);
}

/** An API failure as the person reads it: the server's messages, its error, or the generic sentence. */
export function errorMessages(error: unknown): string[] {
  if (isApiError(error)) {
    if (error.messages.length > 0) return error.messages;
    if (error.serverError) return [error.serverError];
    if (error.status >= 500) return [messages.internalError];
  }
  return [messages.genericFailure];
}

/** A signed-out visitor on a portal page: what the portal is, and the sign-in modal. */
export function PortalSignIn() {
  usePortalTitle('Sign in');
  return (
    <section className="container page partner-page" aria-labelledby="partner-sign-in-title">
      <div className="partner-panel partner-centered">
        <h1 id="partner-sign-in-title">Caterway for restaurants</h1>
        <p>Sign in to see your restaurant&rsquo;s orders and team.</p>
        <p className="muted">Use the account your team invitation was sent to.</p>
        <Button onClick={() => openModal('signIn')}>Sign In</Button>
      </div>
    </section>
  );
}

/** A panel's close button (an order beside the inbox, the orders an 86 affects): a 48 px cross. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-button" onClick={onClick} aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
