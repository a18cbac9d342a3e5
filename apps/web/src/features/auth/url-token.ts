import { authClient } from '@caterway/contracts/client';
import { connect } from '../../api/clients';
import { signInUser } from '../../stores/session';
import { toSessionUser } from './api/types';

// Sign-in by a `token` query parameter (browse-account-orders §2: the home page reads token;
// ordering-payments §2: a search page uses it as a Bearer token to fetch the user). Only the
// pages in TOKEN_PAGES read it: /accounts/reset-password has a `token` of its own. The token
// leaves the address bar before anything else (no history entry, screenshot, copied link or
// referrer keeps it; index.html sends no referrer anyway), is exchanged with GET api/auth/token
// for a session of its own, and is never logged. A bad, expired or unconfirmed token, or a
// staff (operations) account's, leaves the visitor a visitor, silently. docs/decisions/030.
// Loaded only when the address has token= (main.tsx), so the key pages' bundles do not carry it.

/** The pages that read `token` (and /confirmation, which passes its query string on to /). */
export const TOKEN_PAGES: readonly string[] = ['/', '/browse-restaurants', '/browse-presets', '/confirmation'];

/** Removes `token` from the address bar and answers it (null when there is none). */
export function takeUrlToken(loc: Location = window.location, hist: History = window.history): string | null {
  const url = new URL(loc.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  hist.replaceState(hist.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token.trim() || null;
}

/** Exchanges the token for a session and signs the user in with it; resolves either way. */
export async function signInWithToken(token: string): Promise<boolean> {
  try {
    const answer = await connect(authClient).exchangeToken(token);
    if (!answer.user.confirmed || answer.user.role !== 'customer') return false;
    signInUser(toSessionUser(answer.user, answer.jwt));
    return true;
  } catch {
    return false;
  }
}

/** main.tsx calls this before the first render when the address has token= on a token page. */
export async function signInFromUrl(): Promise<void> {
  if (!TOKEN_PAGES.includes(window.location.pathname)) return;
  const token = takeUrlToken();
  if (token) await signInWithToken(token);
}
