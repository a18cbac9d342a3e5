import { queryString, type HttpMethod, type Transport, type TransportOptions } from '@caterway/contracts/client';

// One fetch wrapper for every call of the storefront: the transport of the contract clients
// (@caterway/contracts/client, decisions 041 and 043; the app reaches them through api/clients.ts).
// It sends and answers wire JSON (snake_case), adds the signed-in user's bearer token, turns error
// bodies ({ error } / { error, messages }) into ApiError, and reports a 401 on an authenticated
// call so the app can sign the user out (browse-account-orders §4 Sessions, §8).

export class ApiError extends Error {
  readonly status: number;
  /** The body's `error` string, when there was one. */
  readonly serverError: string | undefined;
  /** The body's `messages` list (validation failures), else empty. */
  readonly messages: string[];
  /** Seconds from a Retry-After header (429). */
  readonly retryAfter: number | undefined;
  /** The body as answered (e.g. a refused delivery time's why and earliest_available, decision 072). */
  readonly body: Record<string, unknown>;

  constructor(status: number, body: unknown, retryAfter?: number) {
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const serverError = typeof record.error === 'string' && record.error !== '' ? record.error : undefined;
    const messages = Array.isArray(record.messages)
      ? record.messages.filter((m): m is string => typeof m === 'string')
      : [];
    super(serverError ?? (messages.length > 0 ? messages.join(', ') : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverError = serverError;
    this.messages = messages;
    this.retryAfter = retryAfter;
    this.body = record;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export interface ApiClientConfig {
  getToken: () => string | null | undefined;
  /** Called when a request that carried a token is answered 401. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

let config: ApiClientConfig = { getToken: () => null, onUnauthorized: () => {} };

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The bearer token a call sends, and whether it is the signed-in user's: only then does a 401
 * mean "your session is gone" (a 401 for a token handed in, e.g. a link's, signs no one out).
 */
function tokenFor(options: Pick<TransportOptions, 'auth'>): { token: string | null; isSession: boolean } {
  if (options.auth === 'none') return { token: null, isSession: false };
  if (typeof options.auth === 'object') return { token: options.auth.token, isSession: false };
  const token = config.getToken() ?? null;
  return { token, isSession: token !== null };
}

/**
 * Sends one call (TransportOptions): its body, query, headers (e.g. Idempotency-Key on a payment
 * call) and signal; `auth` absent sends the signed-in user's token when there is one, 'none' never
 * does, { token } sends that token instead; `answer: 'blob'` resolves a file (an invoice PDF).
 */
async function apiRequest<T>(method: HttpMethod, path: string, options: TransportOptions = {}): Promise<T> {
  const file = options.answer === 'blob';
  // a file is asked for as whatever it is; JSON otherwise
  const headers: Record<string, string> = file
    ? { ...options.headers }
    : { ...options.headers, accept: 'application/json' };
  const { token, isSession } = tokenFor(options);
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const doFetch = config.fetch ?? fetch;
  const response = await doFetch(`${path}${queryString(options.query)}`, {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const data = await readBody(response);
    // Only a call made as the signed-in user can mean "your session is gone"; a 401 from
    // the sign-in form itself is just wrong credentials.
    if (response.status === 401 && isSession) config.onUnauthorized();
    throw new ApiError(response.status, data, parseRetryAfter(response.headers.get('retry-after')));
  }
  return (file ? await response.blob() : await readBody(response)) as T;
}

/** The storefront's transport: wire JSON both ways, with this app's token, 401 handling and ApiError. */
export const wireTransport: Transport = apiRequest;
