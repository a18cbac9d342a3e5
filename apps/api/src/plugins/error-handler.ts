import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages as text } from '@caterway/domain';
import { isDatabaseUnavailable } from '../db/pool.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's error bodies also carry `message` (the error's text): POST users/password.json (ordering-payments §7) */
    errorMessageKey?: boolean;
  }
}

const genericMessages = new Set<string>([text.required]);

/** The product documents' messages (packages/domain messages.ts): answered as they are written. */
const SPEC_MESSAGES = new Set<string>(
  (Object.values(text) as unknown[]).filter((m): m is string => typeof m === 'string'),
);

function label(path: readonly string[]): string {
  const last = [...path].reverse().find((p) => !/^\d+$/.test(p));
  if (!last) return 'Request';
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An issue as fastify-type-provider-zod hands it over: the zod code as keyword, the path as instancePath. */
export interface ValidationIssue {
  message: string;
  keyword?: string;
  instancePath?: string;
}

/** zod's own wording ("Invalid input: expected string, received undefined", "Too small: ..."), not one of ours. */
const ZOD_DEFAULT = /^(Invalid (input|option|string|number|value|type|format)|Too (small|big))\b/;

function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const isAbsent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Turns zod issues into readable messages: our spec messages as they are; zod's own wording becomes
 * "<Field>: Please fill in the required field." when the field is missing, null or empty, and
 * "<Field>: has an invalid value" when it has the wrong type (issue 16 item 6). `input` is the part
 * of the request that failed (body, query or params), read to tell a missing field from a wrong one.
 */
export function validationMessages(issues: ValidationIssue[], input?: unknown, isBody = true): string[] {
  const out: string[] = [];
  for (const v of issues) {
    const path = (v.instancePath ?? '').split('/').filter(Boolean);
    let message = v.message;
    const value = valueAt(input, path);
    if (ZOD_DEFAULT.test(message)) {
      if (isAbsent(value)) message = text.required;
      else if (v.keyword === 'invalid_type' || v.keyword === 'invalid_union' || v.keyword === 'invalid_value')
        message = 'has an invalid value';
    } else if (isBody && !SPEC_MESSAGES.has(message)) {
      // a JSON body's field with a schema's own wording for a rule ("Enter a name of 1 to 80
      // characters.") still answers missing, empty or of the wrong type like every other; the
      // documents' own sentences (SPEC_MESSAGES), refinements (`custom`) and query parameters
      // ("Page must be a whole number.") keep their words
      if (v.keyword === 'invalid_type') message = isAbsent(value) ? text.required : 'has an invalid value';
      else if ((v.keyword === 'too_small' || v.keyword === 'invalid_format') && isAbsent(value))
        message = text.required;
    }
    const line =
      genericMessages.has(message) || ZOD_DEFAULT.test(message) || message === 'has an invalid value'
        ? `${label(path)}: ${message}`
        : message;
    if (!out.includes(line)) out.push(line);
  }
  return out;
}

/** One place maps errors to HTTP answers; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // a route whose documents read `message` from its errors gets it beside `error` (errorMessageKey)
    const withMessage = request.routeOptions.config?.errorMessageKey === true;
    const answer = (
      status: number,
      body: { error: string; messages?: string[] } & Record<string, unknown>,
      headers: Record<string, string> = {},
    ) =>
      reply
        .status(status)
        .headers(headers)
        .send(withMessage ? { ...body, message: body.error } : body);

    if (err instanceof AppError) {
      return answer(
        err.status,
        { ...err.extra, ...(err.messages ? { error: err.message, messages: err.messages } : { error: err.message }) },
        err.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const input = {
        body: request.body,
        querystring: request.query,
        params: request.params,
        headers: request.headers,
      }[err.validationContext ?? 'body'];
      const list = validationMessages(
        err.validation as unknown as ValidationIssue[],
        input,
        (err.validationContext ?? 'body') === 'body',
      );
      return answer(422, { error: list.join(', '), messages: list });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return answer(500, { error: text.internalError });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return answer(503, { error: text.serviceUnavailable }, { 'retry-after': '5' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return answer(429, { error: text.tooManyAttempts });
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type. Send JSON.'
              : err.message;
      return answer(status, { error: message });
    }
    request.log.error({ err }, 'unhandled error');
    return answer(500, { error: text.internalError });
  });
}
