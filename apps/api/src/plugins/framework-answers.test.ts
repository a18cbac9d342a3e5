import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler.js';
import { frameworkErrors, NUL_MESSAGE, registerFrameworkAnswers } from './framework-answers.js';

async function app() {
  const a = Fastify({
    logger: false,
    frameworkErrors,
    routerOptions: { maxParamLength: 20 },
  }).withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(a);
  registerFrameworkAnswers(a);
  const responses: Record<string, Record<string, unknown>> = {};
  a.addHook('onRoute', (route) => {
    responses[`${String(route.method)} ${route.url}`] = (
      route.schema as { response: Record<string, unknown> }
    ).response;
  });
  a.post(
    '/things/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: z.object({ name: z.string() }),
        response: { 201: z.object({ name: z.string() }) },
      },
    },
    async (request, reply) => reply.status(201).send({ name: request.body.name }),
  );
  a.get('/plain', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, () => ({ ok: true }));
  await a.ready();
  return { a, responses };
}

describe('framework answers', () => {
  it("documents the answers the framework gives on each route, keeping the route's own", async () => {
    const { responses } = await app();
    expect(Object.keys(responses['POST /things/:id']!).sort()).toEqual([
      '201',
      '400',
      '413',
      '414',
      '415',
      '422',
      '503',
    ]);
    expect(Object.keys(responses['GET /plain']!).sort()).toEqual(['200', '503']);
  });

  it('refuses the NUL character anywhere in the input with 422, before it reaches a query', async () => {
    const { a } = await app();
    const inBody = await a.inject({ method: 'POST', url: '/things/1', payload: { name: 'a\u0000b' } });
    expect([inBody.statusCode, inBody.json()]).toEqual([422, { error: NUL_MESSAGE, messages: [NUL_MESSAGE] }]);
    expect((await a.inject({ method: 'POST', url: '/things/a%00', payload: { name: 'ok' } })).statusCode).toBe(422);
    expect((await a.inject({ method: 'POST', url: '/things/1', payload: { name: 'ok' } })).statusCode).toBe(201);
  });

  it('answers a malformed or over-long path with a plain {error}', async () => {
    const { a } = await app();
    const long = await a.inject({ method: 'POST', url: `/things/${'a'.repeat(30)}`, payload: { name: 'ok' } });
    expect([long.statusCode, long.json()]).toEqual([414, { error: 'The address is too long.' }]);
    const bad = await a.inject({ method: 'GET', url: '/plain%zz' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.body).not.toMatch(/FST_ERR|%zz/);
  });
});
