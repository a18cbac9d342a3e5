// The typed clients (decision 041) describe each API resource once: its paths, request and answer
// types inferred from this package's zod schemas, and its query keys. How a request travels is
// each app's own (its token, its error type), handed in as a Transport that sends and answers wire
// JSON (snake_case) as it is. Answers are typed, not parsed: the apps trusted their answers
// before (the API validates its own responses against these schemas) and still do.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportOptions {
  /** wire JSON (snake_case) */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends one request and resolves with the answer's JSON as sent; a failure rejects with the app's error. */
export type Transport = <T>(method: HttpMethod, path: string, options?: TransportOptions) => Promise<T>;

/** A call's extras: the resource's auth headers (creator or member token) and an abort signal. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}
