// How the creator is recognised on the site. The site shares the storefront's origin (it is
// mounted under a path of it, docs/decisions/011), so a creator signed in on the storefront is
// signed in here too: the storefront keeps its session under 'caterway.user' in localStorage.
// The storefront's menu opens the dashboard with ?admin_token=…: the token leaves the address bar
// at once (it must not linger in history, screenshots or a copied URL) and is kept for this tab
// only, and sent as X-Admin-Token: the creator's group-order calls accept it instead of a bearer
// token (a browser without the storefront's session, or the site on a host of its own); with both,
// the API goes by the bearer token.

const STOREFRONT_USER_KEY = 'caterway.user';

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

const ADMIN_TOKEN_KEY = 'caterway.group_orders.admin_token';
const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** Moves ?admin_token from the address bar into this tab's storage; call before the router starts. */
export function takeAdminTokenFromUrl(loc: Location = window.location, hist: History = window.history): void {
  const url = new URL(loc.href);
  const token = url.searchParams.get('admin_token');
  if (token === null) return;
  if (token !== '') safeStorage('sessionStorage')?.setItem(ADMIN_TOKEN_KEY, token);
  url.searchParams.delete('admin_token');
  hist.replaceState(hist.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function adminToken(): string | null {
  return safeStorage('sessionStorage')?.getItem(ADMIN_TOKEN_KEY) ?? null;
}

interface StoredUser {
  id?: unknown;
  jwt?: unknown;
  firstName?: unknown;
}

function storefrontUser(): StoredUser | null {
  const raw = safeStorage('localStorage')?.getItem(STOREFRONT_USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** The signed-in storefront user's id and session token, when there is one. */
export function creatorSession(): { id: number; jwt: string; firstName: string } | null {
  const user = storefrontUser();
  if (!user || typeof user.jwt !== 'string' || typeof user.id !== 'number') return null;
  return { id: user.id, jwt: user.jwt, firstName: typeof user.firstName === 'string' ? user.firstName : '' };
}

/** Headers of a creator call. */
export function creatorHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const session = creatorSession();
  if (session) headers.authorization = `Bearer ${session.jwt}`;
  const admin = adminToken();
  if (admin) headers[ADMIN_TOKEN_HEADER] = admin;
  return headers;
}
