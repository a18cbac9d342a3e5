import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildQuery, configureApiClient, wireTransport } from './api-client';

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

afterEach(() => configureApiClient({ getToken: () => null, onUnauthorized: () => {}, fetch: undefined }));

describe('api client', () => {
  it('sends snake_case JSON and returns camelCase', async () => {
    const f = fakeFetch(201, { user: { id: 7, first_name: 'Ann', admin_token: null, address1: '1 King St' } });
    configureApiClient({ fetch: f.fetch });
    const result = await api.post<{ user: { id: number; firstName: string; adminToken: null; address1: string } }>(
      '/api/v2/users',
      {
        user: { firstName: 'Ann', passwordConfirmation: 'pw', address1: '1 King St', address2: '' },
      },
    );
    expect(result).toEqual({ user: { id: 7, firstName: 'Ann', adminToken: null, address1: '1 King St' } });
    expect(f.calls[0]!.url).toBe('/api/v2/users');
    expect(f.calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(f.calls[0]!.init.body as string)).toEqual({
      user: { first_name: 'Ann', password_confirmation: 'pw', address1: '1 King St', address2: '' },
    });
    expect((f.calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('adds the bearer token unless told not to', async () => {
    const f = fakeFetch(200, { ok: true });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    await api.get('/api/v2/current');
    await api.post('/user_token', { auth: {} }, { auth: 'none' });
    await api.get('/api/auth/token', { auth: { token: 'other' } });
    const auth = f.calls.map((c) => (c.init.headers as Record<string, string>).authorization);
    expect(auth).toEqual(['Bearer jwt-1', undefined, 'Bearer other']);
  });

  it('builds snake_case query strings and drops empty values', async () => {
    expect(buildQuery({ toAddress: 'a@b.co', limit: 5, empty: '', none: undefined, nil: null })).toBe(
      '?to_address=a%40b.co&limit=5',
    );
    expect(buildQuery({})).toBe('');
    const f = fakeFetch(200, { suggestions: [] });
    configureApiClient({ fetch: f.fetch });
    await api.get('/api/v2/geo/suggestions', { query: { q: '100 King', limit: 5 } });
    expect(f.calls[0]!.url).toBe('/api/v2/geo/suggestions?q=100+King&limit=5');
  });

  it('turns { error, messages } into an ApiError', async () => {
    configureApiClient({
      fetch: fakeFetch(422, {
        error: 'Email has already been taken, Passwords must match',
        messages: ['Email has already been taken', 'Passwords must match'],
      }).fetch,
    });
    const error = await api.post('/api/v2/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(422);
    expect(e.messages).toEqual(['Email has already been taken', 'Passwords must match']);
    expect(e.serverError).toBe('Email has already been taken, Passwords must match');
  });

  it('reads Retry-After and copes with bodies that are not JSON', async () => {
    configureApiClient({ fetch: fakeFetch(429, { error: 'Too many attempts' }, { 'retry-after': '30' }).fetch });
    const limited = (await api.post('/user_token', {}).catch((e: unknown) => e)) as ApiError;
    expect(limited.retryAfter).toBe(30);
    expect(limited.message).toBe('Too many attempts');

    configureApiClient({ fetch: fakeFetch(502, 'Bad Gateway').fetch });
    const gateway = (await api.get('/api/v2/current').catch((e: unknown) => e)) as ApiError;
    expect(gateway.status).toBe(502);
    expect(gateway.serverError).toBeUndefined();
    expect(gateway.messages).toEqual([]);
    expect(gateway.message).toBe('Request failed with status 502');
  });

  it('returns undefined for 204', async () => {
    configureApiClient({ fetch: fakeFetch(204, undefined).fetch, getToken: () => 'jwt' });
    await expect(api.delete('/user_token')).resolves.toBeUndefined();
  });

  it('reports a 401 only for calls made with a token', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({
      fetch: fakeFetch(401, { error: 'Invalid Information. Please try again.' }).fetch,
      onUnauthorized,
      getToken: () => null,
    });
    await expect(api.post('/user_token', {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    configureApiClient({ getToken: () => 'expired' });
    await expect(api.get('/api/v2/current')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("does not sign the user out when a token handed in (a link's) is refused", async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({
      fetch: fakeFetch(401, { error: 'Not authorized' }).fetch,
      onUnauthorized,
      getToken: () => 'live-session',
    });
    await expect(api.get('/api/auth/token', { auth: { token: 'stale-link' } })).rejects.toMatchObject({ status: 401 });
    await expect(api.getBlob('/api/v2/orders/1/invoice.pdf', { auth: { token: 'stale-link' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends and answers wire JSON for the contract clients, with their query, token choice and headers', async () => {
    const f = fakeFetch(200, { payment_methods: [{ is_default: true }] });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    const body = { payment_method_id: 'pm_1', save_card: false };
    const answer = await wireTransport('POST', '/api/v2/catering_orders/3/finalize', {
      body,
      query: { share_token: 'abc', empty: '' },
      headers: { 'Idempotency-Key': 'attempt-key' },
    });
    expect(answer).toEqual({ payment_methods: [{ is_default: true }] });
    expect(f.calls[0]!.url).toBe('/api/v2/catering_orders/3/finalize?share_token=abc');
    expect(JSON.parse(f.calls[0]!.init.body as string)).toEqual(body);
    expect(f.calls[0]!.init.headers).toMatchObject({ 'Idempotency-Key': 'attempt-key', authorization: 'Bearer jwt-1' });
    await wireTransport('POST', '/user_token', { body: {}, auth: 'none' });
    await wireTransport('GET', '/api/auth/token', { auth: { token: 'link' } });
    expect(f.calls.slice(1).map((c) => (c.init.headers as Record<string, string>).authorization)).toEqual([
      undefined,
      'Bearer link',
    ]);
  });

  it('answers a file as a Blob through the contract transport', async () => {
    const f = fakeFetch(200, '%PDF-1.7', { 'content-type': 'application/pdf' });
    configureApiClient({ fetch: f.fetch, getToken: () => 'jwt-1' });
    const pdf = await wireTransport<Blob>('GET', '/api/v2/catering_order_invoices/12.pdf', { answer: 'blob' });
    expect(await pdf.text()).toBe('%PDF-1.7');
    expect(f.calls[0]!.init.headers).toEqual({ authorization: 'Bearer jwt-1' });
  });
});
