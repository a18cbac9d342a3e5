import { queryString, type Transport, type TransportOptions } from '@caterway/contracts/client';

// The site's one fetch helper. The wire is snake_case and the site keeps it that way: it
// types answers with the shared zod contracts (@caterway/contracts) instead of converting keys.
// Errors come back as { error } or { messages } (lib/errors.ts on the server).

export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  /** the body as answered (a refused delivery time's why and earliest_available, decision 072) */
  readonly body: Record<string, unknown>;

  constructor(status: number, body: unknown) {
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const error = typeof record.error === 'string' && record.error !== '' ? record.error : undefined;
    const messages = Array.isArray(record.messages)
      ? record.messages.filter((m): m is string => typeof m === 'string')
      : [];
    super(error ?? (messages.length > 0 ? messages.join(' ') : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages.length > 0 ? messages : error ? [error] : [];
    this.body = record;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** What to show for a failed call: the server's own words when it gave some. */
export function errorMessage(e: unknown): string {
  if (isApiError(e)) {
    if (e.status >= 500 || e.messages.length === 0) return 'Something went wrong. Please try again.';
    return e.messages.join(' ');
  }
  return 'We could not reach Caterway. Check your connection and try again.';
}

/**
 * Sends one request, wire JSON both ways: the transport of the shared contract clients
 * (@caterway/contracts/client, decisions 041 and 043). The site has no session of its own: a call
 * carries the creator's or member's token in its headers, or a link's with `auth: { token }`.
 */
export const call: Transport = async <T>(method: string, path: string, options: TransportOptions = {}) => {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (typeof options.auth === 'object') headers.authorization = `Bearer ${options.auth.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // Absolute paths: the site lives under a base path, the API at the origin's root.
  const response = await fetch(`${path}${queryString(options.query)}`, {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (response.ok && options.answer === 'blob') return (await response.blob()) as T;
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
};

/** A failed page load for @caterway/ui's LoadError: a 404 (also another user's group order), 401 or 403 reads as 'not found'. */
export function describeLoadError(e: unknown): { notFound: boolean; message: string } {
  const notFound = isApiError(e) && (e.status === 404 || e.status === 401 || e.status === 403);
  return { notFound, message: errorMessage(e) };
}
