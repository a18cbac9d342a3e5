// One error vocabulary for the API; mapped to HTTP status in plugins/error-handler.ts.
export const errorStatus = {
  bad_request: 400,
  validation: 422,
  unauthorized: 401,
  /** the payment provider refused (decline, expired card): { error: provider message } */
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** A list of messages for validation failures, answered as { messages: [...] }. */
  readonly messages?: string[];
  readonly headers?: Record<string, string>;
  /** more fields of the error body, e.g. a refused delivery time's earliest_available (decision 072) */
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { messages?: string[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.messages = options.messages;
    this.headers = options.headers;
    this.extra = options.extra;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const unauthorized = (message = 'Not authorized') => new AppError('unauthorized', message);
export const forbidden = (message = 'Not authorized') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const validationFailed = (messages: string[], extra?: Record<string, unknown>) =>
  new AppError('validation', messages.join(', '), { messages, extra });
