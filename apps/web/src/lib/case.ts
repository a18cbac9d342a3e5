// Key conversion of the API's answers (ARCHITECTURE.md 'HTTP API'; browse-account-orders §7): the
// wire is snake_case, the app camelCase (api/clients.ts camelCases every contract client's answer).
// address1 and address2 keep their names. Bodies are written in wire shape by each feature's api/
// files, so nothing converts the other way.

const KEEP = new Set(['address1', 'address2']);

// A response repeats the same few dozen keys hundreds of times (the home page’s lists: ~1,550
// keys, 65 distinct); converting each distinct key once keeps a big response's conversion out
// of the long tasks while the page loads. Bounded: ids used as keys would otherwise pile up.
const camelKeys = new Map<string, string>();
const CAMEL_KEYS_MAX = 2000;

export function snakeToCamelKey(key: string): string {
  if (KEEP.has(key)) return key;
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    if (camelKeys.size >= CAMEL_KEYS_MAX) camelKeys.clear();
    camelKeys.set(key, camel);
  }
  return camel;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (!isPlainObject(value)) return value; // Date, File, Blob, FormData, primitives pass through
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[snakeToCamelKey(key)] = convert(v);
  return out;
}

/** Deeply converts object keys from snake_case to camelCase. */
export function camelizeKeys<T = unknown>(value: unknown): T {
  return convert(value) as T;
}
