import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as text } from '@caterway/domain';
import { createDemoTestApp, type TestContext } from '../test/helpers.js';
import { demoAccounts } from './lib/demo-accounts.js';

// Issue 16 item 6: every JSON body answers a missing, null or empty required field with
// "<Field>: Please fill in the required field." and a wrong type with "<Field>: has an invalid value".
// The routes and their required fields come from the OpenAPI document the app serves, so a new
// route is covered the day it is added.

interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string; schema: JsonSchema & { pattern?: string } }[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}
interface RequiredField {
  path: string[];
  type: string;
  /** null is one of its values (a limit left empty): only a missing field is refused */
  nullable: boolean;
}

/** Fields whose documents give their own message when absent (ordering-payments §5 Sign-up). */
const documentedAbsent: Record<string, string> = {
  'POST /api/v2/users user.latitude': text.addressNotFound,
  'POST /api/v2/users user.longitude': text.addressNotFound,
};
/**
 * Fields whose empty string answers its own message: a date says 'Please select valid date.'
 * (browse-account-orders §5), the card form answers the provider's wording, and the provider takes a
 * bank account's billing email empty.
 */
const ownEmptyAnswer = new Set([
  'PUT /api/v2/group_orders/{ref} delivery_date',
  'POST /api/v2/sandbox/payment_methods cvc',
  'POST /api/v2/sandbox/setup_intents/confirm billing_email',
  // a closure's dates and a commission's first day, like every date, say what a date must be
  'POST /api/v2/partner/restaurants/{chefId}/calendar/closures starts_on',
  'POST /api/v2/partner/restaurants/{chefId}/calendar/closures ends_on',
  'PUT /api/v2/partner/restaurants/{chefId}/commission effective_from',
]);

function requiredFields(doc: OpenApi, schema: JsonSchema, path: string[] = []): RequiredField[] {
  const s = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema;
  if (s.type === 'array' && s.items) return requiredFields(doc, s.items, [...path, '0']);
  if (s.type !== 'object' || !s.properties) return [];
  return (s.required ?? []).flatMap((key) => {
    const child = s.properties![key]!;
    const resolved = child.$ref ? doc.components.schemas[child.$ref.split('/').pop()!]! : child;
    const variants = resolved.anyOf ?? resolved.oneOf ?? [];
    const nullable = variants.some((v) => v.type === 'null');
    const concrete = variants.filter((v) => v.type !== 'null');
    const type =
      resolved.type ??
      (nullable && concrete.length === 1 ? (concrete[0]!.type ?? 'unknown') : variants.length ? 'union' : 'unknown');
    return [{ path: [...path, key], type, nullable }, ...requiredFields(doc, resolved, [...path, key])];
  });
}

/** A body holding the field's parents (objects, one-element arrays) and `value` at the field, or nothing when undefined. */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] = /^\d+$/.test(head!) ? [] : {};
  const inner = rest.length ? bodyWith(rest, value) : value;
  if (inner !== undefined) (container as Record<string, unknown>)[head!] = inner;
  return container;
}

const wrongValue: Record<string, unknown> = {
  string: 12345,
  integer: 'abc',
  number: 'abc',
  boolean: 'abc',
  object: 'abc',
  array: 'abc',
  union: {},
};

function label(field: string): string {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function pathParam(schema: JsonSchema & { pattern?: string; minLength?: number }): string {
  if (schema.type === 'integer' || schema.pattern?.includes('\\d')) return '1';
  return 'x'.repeat(Math.max(12, schema.minLength ?? 1));
}

let ctx: TestContext;
let doc: OpenApi;
const tokens: Record<'customer' | 'staff', string> = { customer: '', staff: '' };

beforeAll(async () => {
  ctx = await createDemoTestApp(new Date('2026-11-27T12:00:00Z'));
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  for (const account of demoAccounts) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/user_token',
      payload: { auth: { email: account.email, password: account.password } },
    });
    tokens[account.role] = res.json<{ jwt: string }>().jwt;
  }
});
afterAll(async () => ctx?.close());

describe('required fields of every JSON body', () => {
  it('finds the routes with JSON bodies in the OpenAPI document', () => {
    const routes = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).filter((op) => op.requestBody?.content['application/json']),
    );
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers each missing, null, empty or wrongly typed required field by name', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        let url = template;
        for (const p of op.parameters ?? []) if (p.in === 'path') url = url.replace(`{${p.name}}`, pathParam(p.schema));
        const token = url.includes('/ops/') ? tokens.staff : tokens.customer;
        const route = `${method.toUpperCase()} ${template}`;
        for (const field of requiredFields(doc, schema)) {
          const name = field.path.join('.');
          const required = documentedAbsent[`${route} ${name}`] ?? `${label(field.path.at(-1)!)}: ${text.required}`;
          const cases: [string, unknown, string][] = [
            ['missing', undefined, required],
            ['null', field.nullable ? Symbol.for('skip') : null, required],
            [
              'wrong type',
              wrongValue[field.type] ?? Symbol.for('skip'),
              `${label(field.path.at(-1)!)}: has an invalid value`,
            ],
          ];
          if (field.type === 'string' && !ownEmptyAnswer.has(`${route} ${name}`)) cases.push(['empty', '', required]);
          for (const [what, value, expected] of cases) {
            if (value === Symbol.for('skip')) continue;
            const payload = bodyWith(field.path, value) as object;
            const res = await ctx.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: { authorization: `Bearer ${token}`, 'x-member-token': 'x'.repeat(20) },
              payload,
            });
            checked += 1;
            const body = res.json<{ messages?: string[] }>();
            if (res.statusCode !== 422 || !body.messages?.includes(expected)) {
              problems.push(
                `${route} ${name} ${what}: ${res.statusCode} ${res.body.slice(0, 300)} (expected "${expected}")`,
              );
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  }, 120_000);
});
