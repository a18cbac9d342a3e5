// The OpenAPI fuzzer (issue 7, item 3): requests generated from the document's own schemas,
// answers checked against the document. Pure functions over a seeded PRNG, so one seed gives
// the same requests every run; the integration test supplies the app, the callers and the
// real ids. docs/decisions/015-openapi-fuzzing.md explains the choices.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** An OpenAPI document or one of its schema objects, walked generically key by key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI/JSON Schema node has open-ended keys read at any depth; a precise type would restate the JSON Schema spec
export type Schema = Record<string, any>;

/** mulberry32: small, fast and the same on every machine. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof createRng>;

export type Caller = 'anonymous' | 'customer' | 'staff';

export interface Operation {
  key: string;
  method: string;
  path: string;
  doc: Schema;
  bodySchema?: Schema;
  params: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }[];
}

export interface FuzzRequest {
  op: string;
  kind: string;
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** the request breaks the documented input schema or HTTP framing: a 2xx is a bug */
  invalid: boolean;
  /** what was changed from a valid request, for the report */
  note?: string;
}

/** Values that exist in the seeded database, by field or parameter name. */
export interface Hints {
  /** a few real values for a field or parameter name (e.g. id, preset_id, share_token) */
  values: Record<string, Json[]>;
  /** per operation key: path parameter values of real objects */
  pathValues: Record<string, Record<string, string[]>>;
  /** per operation key: known-good bodies built from real objects (deep code paths) */
  bodies: Record<string, Json[]>;
}

export function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        doc: op,
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
        params: (op.parameters ?? []).map((p: Schema) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: p.schema ?? {},
        })),
      });
    }
  }
  return ops;
}

/** $refs point into the document's components; ajv gets them under one id. */
export function createValidator(doc: Schema) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  // CommonJS module: Node hands over module.exports, whose .default is the plugin
  const withFormats = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
  withFormats(ajv);
  ajv.addSchema({ $id: 'caterway-openapi', components: rewriteRefs(doc.components ?? {}) });
  const cache = new Map<string, ValidateFunction>();
  return {
    compile(key: string, schema: Schema): ValidateFunction {
      let fn = cache.get(key);
      if (!fn) {
        fn = ajv.compile(rewriteRefs(schema) as Schema);
        cache.set(key, fn);
      }
      return fn;
    },
    errorsText: (fn: ValidateFunction) => ajv.errorsText(fn.errors, { separator: '; ' }),
  };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `caterway-openapi${v}` : rewriteRefs(v);
    }
    return out;
  }
  return value;
}

/** Follows a local $ref (one level at a time) to the schema it names. */
export function deref(doc: Schema, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const parts = s.$ref.replace(/^#\//, '').split('/');
    s = parts.reduce<Schema | undefined>((node, part) => node?.[part], doc) ?? {};
  }
  return s;
}

const UNICODE = [
  'Crème brûlée 🍰',
  '中文菜单',
  'Ωmega ß ñ',
  'עברית',
  '👩‍🍳👨‍🍳',
  'e\u0301',
  '\u200b',
  'Ｆｕｌｌｗｉｄｔｈ',
];
const NASTY = [
  "' or 1=1 --",
  "'; drop table users; --",
  '1; select pg_sleep(0)',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '\\',
  '"',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1f',
  ' ',
  '\n\t',
];

function typeOf(doc: Schema, schema: Schema): { schema: Schema; type: string } {
  const s = deref(doc, schema);
  if (s.enum) return { schema: s, type: 'enum' };
  if (s.const !== undefined) return { schema: s, type: 'const' };
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const nonNull = options.map((o: Schema) => deref(doc, o)).filter((o: Schema) => o.type !== 'null');
    if (nonNull.length) return typeOf(doc, nonNull[0]);
  }
  if (s.allOf?.length) return typeOf(doc, s.allOf[0]);
  const t = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  return { schema: s, type: t ?? (s.properties ? 'object' : 'any') };
}

/** A value the schema accepts (best effort: patterns and formats come from the hints). */
export function validValue(doc: Schema, schema: Schema, rng: Rng, hints: Hints, name = '', depth = 0): Json {
  const hinted = hints.values[name];
  if (hinted?.length && rng.chance(0.85)) return structuredClone(rng.pick(hinted));
  const { schema: s, type } = typeOf(doc, schema);
  if (s.default !== undefined && rng.chance(0.2)) return structuredClone(s.default);
  switch (type) {
    case 'enum':
      return rng.pick(s.enum);
    case 'const':
      return s.const;
    case 'boolean':
      return rng.chance(0.5);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000);
      const hi = Math.min(max, min + 1000);
      return type === 'integer'
        ? rng.int(Math.ceil(min), Math.floor(hi))
        : Math.round((min + rng.next() * (hi - min)) * 1e4) / 1e4;
    }
    case 'string':
      return validString(s, rng, name);
    case 'array': {
      if (depth > 4) return [];
      const min = s.minItems ?? 0;
      const n = Math.min(s.maxItems ?? 3, Math.max(min, rng.int(min, min + 2)));
      return Array.from({ length: n }, () => validValue(doc, s.items ?? {}, rng, hints, name, depth + 1));
    }
    case 'object': {
      const out: Record<string, Json> = {};
      if (depth > 5) return out;
      const required = new Set<string>(s.required ?? []);
      for (const [key, prop] of Object.entries<Schema>(s.properties ?? {})) {
        if (required.has(key) || rng.chance(0.6)) out[key] = validValue(doc, prop, rng, hints, key, depth + 1);
      }
      return out;
    }
    default:
      return rng.pick(['x', 1, true]);
  }
}

function validString(s: Schema, rng: Rng, name: string): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 40;
  if (s.format === 'email' || /email/.test(name)) return `fuzz${rng.int(1, 1e6)}@example.com`;
  if (s.format === 'date' || /date/.test(name)) return '2026-03-10';
  if (s.format === 'date-time') return '2026-03-10T12:00:00.000Z';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.pattern) {
    const sample = samplePattern(s.pattern, rng);
    if (sample !== null) return sample;
  }
  const words = ['Dana', 'lunch', 'Suite 500', 'Front desk', 'Toronto', 'vegan', '416-555-0101'];
  let out = rng.pick(words);
  while (out.length < min) out += 'x';
  return out.slice(0, Math.max(min, Math.min(max, out.length)));
}

/** Strings for the simple patterns the contracts use (digits, dates, times); null otherwise. */
function samplePattern(pattern: string, rng: Rng): string | null {
  const re = new RegExp(pattern);
  const candidates = [
    '2026-03-10',
    '12:00',
    '12:00 PM',
    '11:30 AM',
    '12:00:00',
    String(rng.int(100, 999)),
    String(rng.int(10000, 99999)),
    String(rng.int(1000000, 99999999)),
    String(rng.int(1, 9)),
    'abc',
    'ABC123',
    'M5V 2T6',
    '90210',
    'card',
    'a-b',
  ];
  for (const c of candidates) if (re.test(c)) return c;
  return null;
}

/** Every leaf and object path of a JSON value. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

function schemaAt(doc: Schema, schema: Schema, path: (string | number)[]): Schema {
  let s = schema;
  for (const part of path) {
    const { schema: t } = typeOf(doc, s);
    s = typeof part === 'number' ? (t.items ?? {}) : (t.properties?.[part] ?? t.additionalProperties ?? {});
  }
  return s;
}

function setAt(value: Json, path: (string | number)[], next: Json | undefined): Json {
  if (!path.length) return next === undefined ? null : next;
  const copy = structuredClone(value) as Schema;
  let node = copy;
  for (const part of path.slice(0, -1)) node = node[part];
  const last = path[path.length - 1]!;
  if (next === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}

/** A scalar as text (a path segment, a header); an object or array as its JSON. */
function textOf(value: Json): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Edge values of the field's own type: empty, longest, one past the longest, limits, unicode. */
export function boundaryValue(doc: Schema, schema: Schema, rng: Rng): Json {
  const { schema: s, type } = typeOf(doc, schema);
  if (type === 'string' || type === 'enum') {
    const max = s.maxLength ?? 255;
    return rng.pick<Json>([
      '',
      ' ',
      'a'.repeat(max),
      'b'.repeat(max + 1),
      'é'.repeat(Math.min(max, 5000)),
      'x'.repeat(20_000),
      rng.pick(UNICODE),
      rng.pick(NASTY),
    ]);
  }
  if (type === 'integer' || type === 'number') {
    const lo = s.minimum ?? s.exclusiveMinimum ?? 0;
    const hi = s.maximum ?? s.exclusiveMaximum ?? 2 ** 31;
    return rng.pick<Json>([
      0,
      -1,
      lo,
      lo - 1,
      hi,
      hi + 1,
      1.5,
      2 ** 31,
      2 ** 53 + 2,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER,
    ]);
  }
  if (type === 'array') return rng.pick<Json>([[], Array.from({ length: 1000 }, () => 1)]);
  if (type === 'boolean') return rng.pick<Json>([true, false]);
  return rng.pick<Json>([{}, null]);
}

/** A value of another JSON type than the field's. */
function wrongType(doc: Schema, schema: Schema, rng: Rng): Json {
  const { type } = typeOf(doc, schema);
  const others: Record<string, Json[]> = {
    string: [12, true, [], {}, ['a']],
    enum: [12, true, [], {}, 'not-a-member'],
    integer: ['12', '1e3', 'abc', true, [], {}, 1.25],
    number: ['12', 'abc', false, [], {}],
    boolean: ['true', 1, 0, [], 'yes'],
    array: ['a', 1, {}, true],
    object: ['a', 1, [], true],
  };
  return rng.pick(others[type] ?? ['a', 1, [], {}, true]);
}

const ID_VARIANTS = [
  '0',
  '-1',
  '99999999',
  '2147483648',
  '9223372036854775808',
  '1e3',
  '1.5',
  'abc',
  "1' or '1'='1",
  '1;select 1',
  '%00',
  '%2e%2e%2f',
  'null',
  '%F0%9F%8D%B0',
  'a'.repeat(5000),
  '00000000-0000-4000-8000-000000000000',
  'undefined',
  '%20',
  '1%20OR%201=1',
];

function fillPath(op: Operation, rng: Rng, hints: Hints, mode: 'real' | 'odd'): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const real = hints.pathValues[op.key]?.[name] ?? hints.values[name]?.map(String);
    if (mode === 'real' && real?.length) return encodeURIComponent(rng.pick(real));
    if (mode === 'real') {
      const param = op.params.find((p) => p.name === name && p.in === 'path');
      return encodeURIComponent(textOf(validValue({}, param?.schema ?? { type: 'integer' }, rng, hints, name)));
    }
    return rng.pick(ID_VARIANTS);
  });
}

function queryString(op: Operation, rng: Rng, hints: Hints, mode: 'valid' | 'odd', doc: Schema): string {
  const parts: string[] = [];
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (!p.required && !rng.chance(mode === 'valid' ? 0.6 : 0.5)) continue;
    let v: Json;
    if (mode === 'valid') v = validValue(doc, p.schema, rng, hints, p.name);
    else
      v = rng.pick<Json>([
        boundaryValue(doc, p.schema, rng),
        wrongType(doc, p.schema, rng),
        '',
        "' or 1=1 --",
        'x'.repeat(3000),
      ]);
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
    parts.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`);
    if (mode === 'odd' && rng.chance(0.15)) parts.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`); // repeated: an array
  }
  if (mode === 'odd' && rng.chance(0.3))
    parts.push(
      rng.pick(['unknown=1', '__proto__[x]=1', 'a[b][c]=d', '=', '&&', '%zz', `q=${'%F0%9F%8D%B0'.repeat(50)}`]),
    );
  return parts.length ? `?${parts.join('&')}` : '';
}

export function createGenerator(doc: Schema, hints: Hints, validator: ReturnType<typeof createValidator>) {
  const bodyValid = (op: Operation, body: Json): boolean =>
    !op.bodySchema || validator.compile(`req ${op.key}`, op.bodySchema)(body) === true;

  /** n requests for one operation, spread over the kinds and the three callers. */
  function requestsFor(op: Operation, n: number, rng: Rng): FuzzRequest[] {
    const out: FuzzRequest[] = [];
    const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
    const hasBody = Boolean(op.bodySchema);
    const kinds = hasBody
      ? [
          'valid',
          'valid',
          'valid',
          'boundary',
          'boundary',
          'boundary',
          'wrong-type',
          'missing',
          'extra',
          'not-object',
          'raw',
          'path',
          'query',
        ]
      : takesBody
        ? ['valid', 'valid', 'valid', 'path', 'path', 'query', 'query', 'raw']
        : ['valid', 'valid', 'valid', 'path', 'path', 'query', 'query', 'query'];
    const callers: Caller[] = ['anonymous', 'customer', 'staff'];
    for (let i = 0; i < n; i++) {
      const kind = i < kinds.length ? kinds[i]! : rng.pick(kinds);
      const caller = callers[i % 3]!;
      const corpus = hints.bodies[op.key];
      const base: Json | undefined = hasBody
        ? corpus?.length && rng.chance(0.7)
          ? structuredClone(rng.pick(corpus))
          : validValue(doc, op.bodySchema!, rng, hints)
        : undefined;
      let body = base;
      let raw: { payload: string; contentType: string; invalid: boolean } | undefined;
      let url =
        fillPath(op, rng, hints, kind === 'path' ? 'odd' : 'real') +
        queryString(op, rng, hints, kind === 'query' ? 'odd' : 'valid', doc);
      let invalid = false;
      let note: string | undefined;
      switch (kind) {
        case 'boundary':
        case 'wrong-type':
        case 'missing': {
          const paths = pathsOf(base!).filter((p) => p.length > 0);
          if (!paths.length) break;
          const path = rng.pick(paths);
          const fieldSchema = schemaAt(doc, op.bodySchema!, path);
          const next =
            kind === 'boundary'
              ? boundaryValue(doc, fieldSchema, rng)
              : kind === 'wrong-type'
                ? wrongType(doc, fieldSchema, rng)
                : undefined;
          body = setAt(base!, path, next);
          note = `${path.join('.')} = ${next === undefined ? '(missing)' : JSON.stringify(next).slice(0, 80)}`;
          break;
        }
        case 'extra':
          body = {
            ...(base as Record<string, Json>),
            [rng.pick(['id', 'status', 'user_id', 'total_cents', 'role', '__proto__', 'is_paid'])]: rng.pick<Json>([
              1,
              'staff',
              true,
              { polluted: true },
            ]),
          };
          break;
        case 'not-object':
          body = rng.pick<Json>([null, [], 'text', 42, true, [base ?? {}]]);
          break;
        case 'raw':
          raw = rng.pick([
            { payload: '{"a":', contentType: 'application/json', invalid: true },
            { payload: '{"a":1,}', contentType: 'application/json', invalid: true },
            { payload: "{'single':'quotes'}", contentType: 'application/json', invalid: true },
            { payload: '\u0000\u0001', contentType: 'application/json', invalid: true },
            // another content type: refused where the route reads a body, ignored where it reads none
            { payload: JSON.stringify(base ?? {}), contentType: 'text/plain', invalid: hasBody },
            { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', invalid: hasBody },
            {
              payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
              contentType: 'multipart/form-data; boundary=x',
              invalid: hasBody,
            },
            { payload: JSON.stringify(base ?? {}), contentType: 'application/xml', invalid: hasBody },
            { payload: `{"pad":"${'x'.repeat(1024 * 1024 + 10)}"}`, contentType: 'application/json', invalid: true },
            { payload: '', contentType: 'application/json', invalid: hasBody },
          ]);
          break;
      }
      if (hasBody && !raw) invalid = !bodyValid(op, body ?? null);
      const headers: Record<string, string> = {};
      // an anonymous caller sometimes presents a token that is not one (forged, expired, another scheme)
      if (caller === 'anonymous' && rng.chance(0.2)) {
        headers.authorization = rng.pick([
          'Bearer ',
          'Bearer x.y.z',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
          'Basic ZGVtbzpkZW1v',
          'Bearer ' + 'a'.repeat(5000),
        ]);
      }
      const headerParams = op.params.filter((p) => p.in === 'header');
      for (const h of headerParams) {
        const real = hints.values[h.name];
        if (kind === 'valid' && real?.length) headers[h.name] = textOf(rng.pick(real));
        else if (rng.chance(0.7))
          headers[h.name] = textOf(
            kind === 'valid'
              ? validValue(doc, h.schema, rng, hints, h.name)
              : rng.pick(['', 'x'.repeat(500), "' or 1=1", 'é', '00000000-0000-4000-8000-000000000000']),
          );
      }
      let payload: string | undefined;
      if (raw) {
        payload = raw.payload;
        headers['content-type'] = raw.contentType;
        invalid = raw.invalid;
      } else if (hasBody && body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      if (kind === 'path' && /\{/.test(op.path)) invalid = invalid || false; // odd ids may still name a real object (e.g. 1)
      if (kind === 'raw' && !takesBody) url = fillPath(op, rng, hints, 'real');
      out.push({ op: op.key, kind, caller, method: op.method, url, headers, payload, invalid, note });
    }
    return out;
  }
  return { requestsFor };
}

// What no answer may contain: stack frames, source paths, SQL and driver errors.
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>]+ \(?(?:file:|node:|\/)[^)]*:\d+:\d+\)?/],
  ['node_modules path', /node_modules/],
  ['source path', /\/(?:work|home|root|usr)\/[\w./-]+\.(?:ts|js|mjs)/],
  ['SQL', /\b(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WHERE \w+ =|RETURNING)\b/],
  ['pg syntax error', /syntax error at or near/i],
  ['pg constraint', /violates (?:foreign key|unique|not-null|check) constraint/i],
  ['pg relation', /relation "[^"]+" does not exist|column "[^"]+" (?:does not exist|of relation)/i],
  ['pg input', /invalid input (?:syntax|value) for (?:type|enum)/i],
  ['pg range', /out of range for type/i],
  ['pg encoding', /invalid byte sequence for encoding/i],
  ['pg code', /"code"\s*:\s*"(?:[0-9A-Z]{5})"/],
  ['JS error', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError): /],
  ['undefined access', /Cannot read propert(?:y|ies) of/],
  ['driver', /ECONNREFUSED|ETIMEDOUT|\bpg-pool\b|DatabaseError/],
];

export function leaksIn(body: string): string[] {
  return LEAKS.filter(([, re]) => re.test(body)).map(([name]) => name);
}
