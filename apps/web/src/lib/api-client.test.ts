import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient, ordersClient, queryString, sessionClient } from '@caterway/contracts/client';
import { ApiError, configureApiClient, wireTransport } from './api-client';

interface Captured {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Captured[] = [];
  const impl = (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: url instanceof Request ? url.url : String(url), init: init ?? {} });
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(
      new Response(status === 204 ? null : text, {
        status,
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers },
      }),
    );
  };
  return { calls, fetch: impl };
}

const headersOf = (call: Captured) => call.init.headers as Record<string, string>;

afterEach(() => configureApiClient({ getToken: () => null, onUnauthorized: () => {}, fetch: undefined }));

describe('the storefront transport', () => {
  it('sends wire JSON and answers it as sent', async () => {
    const f = fakeFetch(201, { user: { id: 7, first_name: 'Ann', admin_token: null, address1: '1 King St' } });
    configureApiClient({ fetch: f.fetch });
    const body = { user: { first_name: 'Ann', password_confirmation: 'pw', address1: '1 King St', address2: '' } };
    const result = await wireTransport('POST', '/api/v2/users', { body });
    expect(result).toEqual({ user: { id: 7, first_name: 'Ann', admin_token: null, address1: '1 King St' } });
    expect(f.calls[0]!.url).toBe('/api/v2/users');
    expect(f.calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(f.calls[0]!.init.body as string)).toEqual(body);
    expect(headersOf(f.calls[0]!)['content-type']).toBe('application/json');
    expect(headersOf(f.calls[0]!).accept).toBe('application/json');
  });

  it('adds the bearer token unless told not to', async () => {
    const f = fakeFetch(200, { ok: true });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    await wireTransport('GET', '/api/v2/current');
    await wireTransport('POST', '/user_token', { body: { auth: {} }, auth: 'none' });
    await wireTransport('GET', '/api/auth/token', { auth: { token: 'other' } });
    const auth = f.calls.map((c) => headersOf(c).authorization);
    expect(auth).toEqual(['Bearer jwt-1', undefined, 'Bearer other']);
  });

  it("sends a client's public calls without the session and a link's token instead of it", async () => {
    const f = fakeFetch(200, { jwt: 'fresh', user: {} });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    await authClient(wireTransport).signIn({ auth: { email: 'a@b.co', password: 'pw' } });
    await authClient(wireTransport).exchangeToken('link-token');
    await sessionClient(wireTransport).status();
    expect(f.calls.map((c) => [c.url, headersOf(c).authorization])).toEqual([
      ['/user_token', undefined],
      ['/api/auth/token', 'Bearer link-token'],
      ['/api/v2/session', 'Bearer jwt-1'],
    ]);
  });

  it('builds query strings and drops empty values', async () => {
    expect(queryString({ to_address: 'a@b.co', limit: 5, empty: '', none: undefined, nil: null })).toBe(
      '?to_address=a%40b.co&limit=5',
    );
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
    const f = fakeFetch(200, { suggestions: [] });
    configureApiClient({ fetch: f.fetch });
    await wireTransport('GET', '/api/v2/geo/suggestions', { query: { q: '100 King', limit: 5 } });
    expect(f.calls[0]!.url).toBe('/api/v2/geo/suggestions?q=100+King&limit=5');
  });

  it('sends the headers and the abort signal a call brings (an Idempotency-Key on a payment)', async () => {
    const f = fakeFetch(200, { catering_order: { id: 3, status: 'placed' } });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    const abort = new AbortController();
    const placed = await ordersClient(wireTransport).finalize(
      3,
      { purchase_id: 'p-1', payment_method_id: 'pm_1', save_card: false },
      'attempt-key',
      { signal: abort.signal },
    );
    expect(placed).toEqual({ id: 3, status: 'placed' });
    expect(f.calls[0]!.url).toBe('/api/v2/catering_orders/3/finalize');
    expect(headersOf(f.calls[0]!)).toMatchObject({ 'Idempotency-Key': 'attempt-key', authorization: 'Bearer jwt-1' });
    expect(f.calls[0]!.init.signal).toBe(abort.signal);
  });

  it('answers a file as a Blob, with the same token', async () => {
    const f = fakeFetch(200, '%PDF-1.7', { 'content-type': 'application/pdf' });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    const pdf = await ordersClient(wireTransport).invoicePdf(12);
    expect(pdf).toBeInstanceOf(Blob);
    expect(await pdf.text()).toBe('%PDF-1.7');
    expect(f.calls[0]!.url).toBe('/api/v2/catering_order_invoices/12.pdf');
    expect(headersOf(f.calls[0]!)).toEqual({ authorization: 'Bearer jwt-1' });
  });

  it('turns { error, messages } into an ApiError', async () => {
    configureApiClient({
      fetch: fakeFetch(422, {
        error: 'Email has already been taken, Passwords must match',
        messages: ['Email has already been taken', 'Passwords must match'],
      }).fetch,
    });
    const error = await wireTransport('POST', '/api/v2/users', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(422);
    expect(e.messages).toEqual(['Email has already been taken', 'Passwords must match']);
    expect(e.serverError).toBe('Email has already been taken, Passwords must match');
  });

  it('reads Retry-After and copes with bodies that are not JSON', async () => {
    configureApiClient({ fetch: fakeFetch(429, { error: 'Too many attempts' }, { 'retry-after': '30' }).fetch });
    const limited = (await wireTransport('POST', '/user_token', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(limited.retryAfter).toBe(30);
    expect(limited.message).toBe('Too many attempts');

    configureApiClient({ fetch: fakeFetch(502, 'Bad Gateway').fetch });
    const gateway = (await wireTransport('GET', '/api/v2/current').catch((e: unknown) => e)) as ApiError;
    expect(gateway.status).toBe(502);
    expect(gateway.serverError).toBeUndefined();
    expect(gateway.messages).toEqual([]);
    expect(gateway.message).toBe('Request failed with status 502');
  });

  it('returns undefined for 204', async () => {
    configureApiClient({ fetch: fakeFetch(204, undefined).fetch, getToken: () => 'jwt' });
    await expect(sessionClient(wireTransport).signOut()).resolves.toBeUndefined();
  });

  it('reports a 401 only for calls made with a token', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({
      fetch: fakeFetch(401, { error: 'Invalid Information. Please try again.' }).fetch,
      onUnauthorized,
      getToken: () => null,
    });
    await expect(wireTransport('POST', '/user_token', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    configureApiClient({ getToken: () => 'expired' });
    await expect(wireTransport('GET', '/api/v2/current')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // a public call carries no session, so its 401 signs no one out
    await expect(wireTransport('POST', '/user_token', { body: {}, auth: 'none' })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("does not sign the user out when a token handed in (a link's) is refused", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({
      fetch: fakeFetch(401, { error: 'Not authorized' }).fetch,
      onUnauthorized,
      getToken: () => 'live-session',
    });
    await expect(wireTransport('GET', '/api/auth/token', { auth: { token: 'stale-link' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      wireTransport('GET', '/api/v2/orders/1/invoice.pdf', { auth: { token: 'stale-link' }, answer: 'blob' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs the user out when a file asked for with the session is refused 401', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({
      fetch: fakeFetch(401, { error: 'Not authorized' }).fetch,
      onUnauthorized,
      getToken: () => 'old',
    });
    await expect(ordersClient(wireTransport).invoicePdf(12)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
