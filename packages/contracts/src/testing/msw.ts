import { configure } from '@testing-library/dom';
import { HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { z } from 'zod';

// Component tests mock the network and nothing else (decision 041): MSW's Node interceptor answers
// the app's real fetch calls, and every answer and request body goes through the contract's zod
// schema, so a mock cannot say what the API could not say (or accept what it would refuse). A
// drifted mock fails its test: the mismatch is recorded and checked after each test, and the
// handler's answer becomes a 500 the component shows as a failure.

/** Contract mismatches seen by handlers in the current test. */
const violations: string[] = [];

function violation(what: string, error: z.ZodError): never {
  const text = `${what} breaks the contract:\n${z.prettifyError(error)}`;
  violations.push(text);
  throw new Error(text);
}

/** A JSON answer whose body the contract schema has accepted (the body is sent as given, snake_case). */
export function contractJson<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit) {
  const parsed = schema.safeParse(body);
  if (!parsed.success) violation('mock response', parsed.error);
  return HttpResponse.json(body as JsonBodyType, init);
}

/** The request's JSON body read with the contract schema: what the API would see after validation. */
export async function contractBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await request.json());
  if (!parsed.success) violation(`${request.method} ${new URL(request.url).pathname} body`, parsed.error);
  return parsed.data;
}

/** The API's answer to a request it refuses (common.ts messagesBodySchema): 422 { error, messages }. */
export const validationFailure = (list: string[]) =>
  HttpResponse.json({ error: list.join(', '), messages: list }, { status: 422 });

/** The API's single-message error (common.ts errorBodySchema). */
export const errorAnswer = (status: number, error: string) => HttpResponse.json({ error }, { status });

/**
 * One MSW server for a component test file: listening before the tests, an unmocked request fails
 * (onUnhandledFrame 'error'), handlers added with server.use() end with the test. The file's
 * waits are sized for a busy 2-core host: the first render of a page compiles its lazy chunks,
 * which takes seconds there, so findBy* waits up to 5 s and a test up to 30 s; a passing test
 * takes a fraction of that, and a failing one fails the same way, later.
 */
export function setupContractServer(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers);
  configure({ asyncUtilTimeout: 5_000 });
  vi.setConfig({ testTimeout: 30_000 });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    const seen = violations.splice(0);
    expect(seen, 'mocked API answers and requests must match packages/contracts').toEqual([]);
  });
  afterAll(() => server.close());
  return server;
}
