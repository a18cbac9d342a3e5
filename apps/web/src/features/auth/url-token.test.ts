import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { clearSession, sessionStore } from '../../stores/session';
import { signInWithToken, takeUrlToken } from './url-token';

function fakeHistory() {
  return { state: { idx: 0 }, replaceState: vi.fn() } as unknown as Omit<History, 'replaceState'> & {
    replaceState: Mock<History['replaceState']>;
  };
}

const loc = (href: string) => ({ href }) as Location;

const apiUser = (overrides: Record<string, unknown> = {}) => ({
  jwt: 'fresh-jwt',
  user: {
    id: 7,
    first_name: 'Dana',
    last_name: 'Lee',
    email: 'demo@caterway.ca',
    confirmed: true,
    role: 'customer',
    admin_token: 'adm',
    ...overrides,
  },
});

function answering(status: number, body: unknown) {
  const calls: { url: string; authorization: string | undefined }[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, authorization: (init.headers as Record<string, string>).authorization });
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

afterEach(() => {
  clearSession();
  configureApiClient({ fetch: undefined, onUnauthorized: () => {} });
});

describe('takeUrlToken', () => {
  it('removes token from the address bar, keeping the other parameters and the hash', () => {
    const hist = fakeHistory();
    expect(takeUrlToken(loc('https://caterway.test/?confirmed=ok&token=abc.def&name=Dana#top'), hist)).toBe('abc.def');
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/?confirmed=ok&name=Dana#top');
  });

  it('leaves an address without token alone and answers null for an empty one', () => {
    const hist = fakeHistory();
    expect(takeUrlToken(loc('https://caterway.test/browse-presets?q=1'), hist)).toBeNull();
    expect(hist.replaceState).not.toHaveBeenCalled();
    expect(takeUrlToken(loc('https://caterway.test/browse-presets?token='), hist)).toBeNull();
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/browse-presets');
  });
});

describe('signInWithToken', () => {
  it('exchanges the token as a bearer token and signs the user in with the fresh one', async () => {
    const f = answering(200, apiUser());
    configureApiClient({ fetch: f.fetch });
    await expect(signInWithToken('link-token')).resolves.toBe(true);
    expect(f.calls).toEqual([{ url: '/api/auth/token', authorization: 'Bearer link-token' }]);
    expect(sessionStore.get()).toMatchObject({
      id: 7,
      firstName: 'Dana',
      confirmed: true,
      jwt: 'fresh-jwt',
      adminToken: 'adm',
    });
  });

  it('leaves a visitor a visitor, silently, for a refused token, and does not sign anyone out', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ fetch: answering(401, { error: 'Not authorized' }).fetch, onUnauthorized });
    await expect(signInWithToken('expired')).resolves.toBe(false);
    expect(sessionStore.get()).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refuses an operations (staff) account or an unconfirmed one', async () => {
    configureApiClient({ fetch: answering(200, apiUser({ role: 'staff' })).fetch });
    await expect(signInWithToken('staff')).resolves.toBe(false);
    configureApiClient({ fetch: answering(200, apiUser({ confirmed: false })).fetch });
    await expect(signInWithToken('unconfirmed')).resolves.toBe(false);
    expect(sessionStore.get()).toBeNull();
  });
});
