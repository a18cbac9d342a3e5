import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages as text } from '@caterway/domain';
import { AppError } from '../lib/errors.js';
import { isDatabaseUnavailable } from '../db/pool.js';

const genericMessages = new Set<string>([text.required]);

function label(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!last) return 'Request';
  const words = last.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface ValidationIssue {
  message: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; code?: string; input?: unknown } };
}

/** Turns zod issues into readable messages: our spec messages as they are, others with the field name. */
export function validationMessages(issues: ValidationIssue[]): string[] {
  const out: string[] = [];
  for (const v of issues) {
    const issue = v.params?.issue;
    const path = issue?.path ?? (v.instancePath ?? '').split('/').filter(Boolean);
    let message = v.message;
    // zod 4 leaves the input out of issues; its message says "received undefined" for a missing field
    if (issue?.code === 'invalid_type' && /received (undefined|null)$/.test(v.message)) message = text.required;
    else if (issue?.code === 'invalid_type') message = 'has an invalid value';
    const line = genericMessages.has(message) || /^(Invalid input|Too (small|big)|has an invalid)/.test(message)
      ? `${label(path)}: ${message}`
      : message;
    if (!out.includes(line)) out.push(line);
  }
  return out;
}

/** One place maps errors to HTTP answers; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      const body = err.messages ? { error: err.message, messages: err.messages } : { error: err.message };
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const list = validationMessages(err.validation as unknown as ValidationIssue[]);
      return reply.status(422).send({ error: list.join(', '), messages: list });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: text.internalError });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: text.serviceUnavailable });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return reply.status(429).send({ error: text.tooManyAttempts });
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type. Send JSON.'
              : err.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: text.internalError });
  });
}
