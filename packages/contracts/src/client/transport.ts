// The typed clients (decisions 041, 043) describe each API resource once: its paths, request and
// answer types inferred from this package's zod schemas, and its query keys. How a request travels
// is each app's own (its token, its error type), handed in as a Transport that sends and answers
// wire JSON (snake_case) as it is. Answers are typed, not parsed: the apps trusted their answers
// before (the API validates its own responses against these schemas) and still do.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A query parameter's value; null, undefined and '' are left out of the address. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * A query schema's input as an address carries it. zod types a coerced or preprocessed parameter's
 * input as `unknown` (it reads text); a client sends it as a number or a string.
 */
export type WireQuery<Q> = { [K in keyof Q]: unknown extends Q[K] ? QueryValue : Q[K] };

export interface TransportOptions {
  /** wire JSON (snake_case) */
  body?: unknown;
  /** query parameters by their wire names (queryString drops the empty ones) */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Whose call it is. Absent: the app's signed-in user's, when the app has one. 'none': a public
   * call, sent without the app's token (a refusal then signs no one out). { token }: with this
   * bearer token instead of the app's (a link's).
   */
  auth?: 'none' | { token: string };
  /** 'blob': the answer is a file (an invoice PDF, a CSV export), resolved as a Blob */
  answer?: 'blob';
}

/** Sends one request and resolves with the answer's JSON as sent; a failure rejects with the app's error. */
export type Transport = <T>(method: HttpMethod, path: string, options?: TransportOptions) => Promise<T>;

/** A call's extras: the resource's auth headers (creator or member token) and an abort signal. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The address's query string ('?a=1&b=x', or '') of the parameters that have a value, for every transport. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
