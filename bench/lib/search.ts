// The search benchmark's query set (fixed-seed random, like a browser's mix) and the EXPLAIN
// check: every statement the search endpoints run, EXPLAINed, with no sequential scan of a
// large table (bench/README.md).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/api/src/db/pool.js';
import { cities } from '../../apps/api/src/db/seed/vocabulary.js';
import { createSearchRepository } from '../../apps/api/src/modules/search/search.repository.js';

export const LARGE_TABLES = ['chefs', 'menus', 'menu_items', 'presets', 'preset_items'];

// ---------------------------------------------------------------- query set
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const enc = encodeURIComponent;

const commonWords = ['chicken', 'salad', 'pizza', 'sandwich', 'rice', 'lunch', 'coffee', 'vegan', 'wrap', 'cake'];
const rareWords = [
  'bibimbap',
  'injera',
  'poutine',
  'tourtiere',
  'baklava',
  'bulgogi',
  'manakeesh',
  'tiramisu',
  'shiro',
  'jerk',
];
const typos = [
  'sushii',
  'itlian',
  'shawerma',
  'chiken',
  'burito',
  'pizzza',
  'sandwhich',
  'mediteranean',
  'vegtarian',
  'tacoz',
];
const cuisines = ['Italian', 'Japanese', 'Indian', 'Mexican', 'Thai', 'Greek', 'Chinese', 'Healthy'];
const sorts = ['popular', 'price_desc', 'price_asc', 'headcount_desc', 'headcount_asc'];

function nearPoint(): { lat: string; lng: string } {
  const city = pick(cities);
  const street = pick(city.streets);
  return {
    lat: (street.lat + (random() - 0.5) * 0.02).toFixed(5),
    lng: (street.lng + (random() - 0.5) * 0.02).toFixed(5),
  };
}
function quick(word: string): string {
  const r = random();
  if (r < 0.5) {
    const p = nearPoint();
    return `/api/v2/search/elastic_search?q=${enc(word)}&lat=${p.lat}&lng=${p.lng}`;
  }
  if (r < 0.8) return `/api/v2/search/elastic_search?q=${enc(word)}&city=${enc(pick(cities).name)}`;
  return `/api/v2/search/elastic_search?q=${enc(word)}`;
}
function deliveryParams(): string {
  const day = 23 + Math.floor(random() * 7);
  const time = pick(['08:00 AM', '11:30 AM', '12:15 PM', '05:30 PM']);
  return `delivery_date=2026-12-${String(day).padStart(2, '0')}&delivery_time=${enc(time)}`;
}

export const searchEndpoints: Record<string, () => string> = {
  'quick search: common words': () => quick(pick(commonWords)),
  'quick search: rare words': () => quick(pick(rareWords)),
  'quick search: typos': () => quick(pick(typos)),
  'restaurants near an address': () => {
    const p = nearPoint();
    const page = 1 + Math.floor(random() * 3);
    const filter =
      random() < 0.4
        ? `&preset_category_names=${enc(pick(cuisines))}${random() < 0.3 ? `,${enc(pick(cuisines))}` : ''}`
        : '';
    return `/api/v2/search.json?search_type=restaurant&lat=${p.lat}&lng=${p.lng}&page=${page}&${deliveryParams()}${filter}`;
  },
  // decision 067: the restaurant list in another order or by dietary needs (from the index tuples)
  'restaurants sorted or by dietary need': () => {
    const p = nearPoint();
    const sort = pick(['rating', 'popularity', 'price', 'soonest', 'distance']);
    const needs =
      random() < 0.5 ? `&dietary_types=${enc(pick(['Vegan', 'Halal', 'Gluten Free', 'Vegan,Nut Free']))}` : '';
    return `/api/v2/search.json?search_type=restaurant&lat=${p.lat}&lng=${p.lng}&page=${1 + Math.floor(random() * 3)}&restaurant_sort=${sort}&${deliveryParams()}${needs}`;
  },
  'preset search with sort': () => {
    const near =
      random() < 0.6
        ? (() => {
            const p = nearPoint();
            return `&lat=${p.lat}&lng=${p.lng}`;
          })()
        : '';
    const filter = random() < 0.3 ? `&preset_category_names=${enc(pick(cuisines))}` : '';
    const q = random() < 0.25 ? `&q=${enc(pick([...commonWords, ...typos]))}` : '';
    return `/api/v2/search?search_type=preset&sort=${pick(sorts)}&page=${1 + Math.floor(random() * 3)}${near}${filter}${q}`;
  },
  'home lists': () => {
    const p = nearPoint();
    return `/api/v2/presets?lat=${p.lat}&lng=${p.lng}`;
  },
};

/** Words as people mistype them (issue 20 §2): swapped, missing and extra letters, plurals, a word being typed. */
const forgiven = [
  'suhsi',
  'indain',
  'chikcen',
  'piza',
  'burritoes',
  'salads',
  'sandwiches',
  'noodels',
  'tacso',
  'sand',
];

/**
 * The full results page's call (GET api/v2/search/all, decision 065), as the page sends it:
 * common, rare and mistyped words; near a street of the catalogue's cities (7 in 10, half of
 * them with a delivery date and time), or with no address; a cuisine filter or a sort now and then.
 */
export const searchAllEndpoints: Record<string, () => string> = {
  'full search (search/all)': () => {
    const r = random();
    const q = r < 0.4 ? pick(commonWords) : r < 0.6 ? pick(rareWords) : r < 0.8 ? pick(typos) : pick(forgiven);
    let url = `/api/v2/search/all?q=${enc(q)}`;
    if (random() < 0.7) {
      const p = nearPoint();
      url += `&lat=${p.lat}&lng=${p.lng}`;
      if (random() < 0.5) url += `&${deliveryParams()}`;
    }
    if (random() < 0.2) url += `&preset_category_names=${enc(pick(cuisines))}`;
    if (random() < 0.2) url += `&sort=${pick(sorts)}`;
    return url;
  },
};

// ---------------------------------------------------------------- EXPLAIN
export interface ExplainedStatement {
  endpoint: string;
  /** custom: planned for its values; generic: the plan a named statement may keep for any values */
  plan: 'custom' | 'generic';
  sql: string;
  execution_ms: number;
  indexes: string[];
  seq_scans_of_large_tables: string[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  [k: string]: unknown;
}
function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && LARGE_TABLES.includes(node['Relation Name']))
    out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}
function indexesUsed(node: PlanNode, out: Set<string> = new Set()): Set<string> {
  if (typeof node['Index Name'] === 'string') out.add(node['Index Name']);
  for (const child of node.Plans ?? []) indexesUsed(child, out);
  return out;
}

/** A parameter's text form, as the pg client sends it (arrays as {"..",..}). */
function textOf(value: unknown): string {
  if (!Array.isArray(value)) return String(value);
  return `{${value.map((e) => (e === null ? 'NULL' : `"${String(e).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Runs one request of each kind through the app with the pool recording its statements (also
 * those of clients taken from the pool, with the SET LOCAL settings of their transaction), then
 * EXPLAINs each; the statements the app keeps the answers of (the catering and quick-search
 * indexes' reads, at start and once a minute or once a minute per query: docs/decisions/023;
 * the query words' expansion) are run and recorded too, since warm caches skip them.
 */
export async function explainSearch(app: FastifyInstance, db: Db): Promise<ExplainedStatement[]> {
  const statements = new Map<
    string,
    { endpoint: string; text: string; values: unknown[]; named: boolean; settings: string[] }
  >();
  const original = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const originalConnect = db.connect.bind(db) as (callback?: unknown) => Promise<unknown>;
  let current = '';
  const recording =
    (send: (...args: unknown[]) => Promise<unknown>, settings: string[]) => (query: unknown, values?: unknown) => {
      // plain text + values, or a { name, text, values } prepared-statement config
      const text = typeof query === 'string' ? query : (query as { text?: string }).text;
      const args = typeof query === 'string' ? values : (query as { values?: unknown[] }).values;
      if (typeof text === 'string' && /^\s*SET LOCAL/i.test(text)) settings.push(text);
      if (typeof text === 'string' && /^\s*COMMIT|^\s*ROLLBACK/i.test(text)) settings.length = 0;
      if (typeof text === 'string' && /^\s*(SELECT|WITH)/i.test(text)) {
        const key = `${current}\n${text.replace(/\s+/g, ' ')}`;
        const named = typeof query === 'object' && !!(query as { name?: string }).name;
        if (!statements.has(key))
          statements.set(key, {
            endpoint: current,
            text,
            values: (args as unknown[]) ?? [],
            named,
            settings: [...settings],
          });
      }
      return values === undefined ? send(query) : send(query, values);
    };
  (db as unknown as { query: unknown }).query = recording(original, []);
  // pool.query takes its client through connect(callback): that path is recorded by query above
  (db as unknown as { connect: unknown }).connect = (callback?: unknown) =>
    callback ? originalConnect(callback) : recordedClient();
  const recordedClient = async () => {
    const client = (await originalConnect()) as {
      query: (...args: unknown[]) => Promise<unknown>;
      release: () => void;
    };
    const send = client.query.bind(client);
    client.query = recording(send, []);
    const release = client.release.bind(client);
    client.release = () => {
      client.query = send;
      release();
    };
    return client;
  };
  try {
    const repo = createSearchRepository(db);
    current = 'preset search: catering index load (at start, then once a minute)';
    await repo.cateringIndexRows();
    current = "preset search: a word query's matches (once a minute per word query)";
    await repo.cateringWordMatches('(salad)');
    await repo.cateringWordMatches('(tacos | taco)');
    current = "quick search: the restaurants' positions (at start, then once a minute)";
    await repo.restaurantQuickRows();
    current = "quick search: a query's matches and relevance (once a minute per query text)";
    await repo.quickMatches('chicken', '(chicken)');
    await repo.quickMatches('itlian', '(itlian | italian)');
    // kept 60 s by the app, so the requests below may not send it: this repository's is fresh
    current = "the forgiving search's vocabulary (at start, then once a minute or on a catalogue change)";
    await repo.vocabularyWords();
    const samples: [string, string][] = [
      ['quick search: common words', '/api/v2/search/elastic_search?q=chicken&lat=43.6487&lng=-79.3817'],
      ['quick search: rare words', '/api/v2/search/elastic_search?q=injera&city=Toronto'],
      ['quick search: typos', '/api/v2/search/elastic_search?q=itlian'],
      [
        'restaurants near an address',
        `/api/v2/search.json?search_type=restaurant&lat=43.6487&lng=-79.3817&page=2&${deliveryParams()}`,
      ],
      [
        'restaurants near an address (cuisine filter)',
        '/api/v2/search.json?search_type=restaurant&lat=45.5017&lng=-73.5673&preset_category_names=Italian,Japanese',
      ],
      ['restaurants, no address (popular)', '/api/v2/search.json?search_type=restaurant&page=3'],
      [
        'restaurants by rating with a dietary need',
        '/api/v2/search.json?search_type=restaurant&lat=43.6487&lng=-79.3817&restaurant_sort=rating&dietary_types=Halal',
      ],
      [
        'restaurants by price',
        '/api/v2/search.json?search_type=restaurant&lat=45.5017&lng=-73.5673&restaurant_sort=price&page=2',
      ],
      ['preset search with sort', '/api/v2/search?search_type=preset&sort=price_desc&page=2&lat=40.7484&lng=-73.9857'],
      ['preset search with sort (no address)', '/api/v2/search?search_type=preset&sort=headcount_asc&page=4'],
      ['preset search with words', '/api/v2/search?search_type=preset&q=breakfst&lat=43.6487&lng=-79.3817'],
      ['preset search, rare word, no address', '/api/v2/search?search_type=preset&q=tacoz&sort=popular&page=2'],
      ['preset search, common word, no address', '/api/v2/search?search_type=preset&q=salad&sort=price_desc&page=3'],
      [
        'preset search, common word and cuisine near',
        '/api/v2/search?search_type=preset&q=chicken&preset_category_names=Thai&lat=45.5017&lng=-73.5673',
      ],
      ['home lists', '/api/v2/presets?lat=49.2827&lng=-123.1207'],
      ['full search, common word near', '/api/v2/search/all?q=chicken&lat=43.6487&lng=-79.3817'],
      [
        'full search, swapped letters, cuisine',
        '/api/v2/search/all?q=suhsi&lat=45.5017&lng=-73.5673&preset_category_names=Japanese',
      ],
      ['full search, no address', '/api/v2/search/all?q=indain&sort=price_asc'],
    ];
    for (const [endpoint, url] of samples) {
      current = endpoint;
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
  } finally {
    (db as unknown as { query: unknown }).query = original;
    (db as unknown as { connect: unknown }).connect = originalConnect;
  }
  const plans: ExplainedStatement[] = [];
  const record = (
    s: { endpoint: string; text: string; settings: string[] },
    plan: 'custom' | 'generic',
    explained: { Plan: PlanNode; 'Execution Time': number },
  ) => {
    plans.push({
      endpoint: s.endpoint,
      plan,
      sql: [...s.settings.map((x) => `${x};`), s.text].join(' ').replace(/\s+/g, ' ').trim().slice(0, 400),
      execution_ms: Math.round(explained['Execution Time'] * 100) / 100,
      indexes: [...indexesUsed(explained.Plan)],
      seq_scans_of_large_tables: seqScans(explained.Plan),
    });
  };
  type Explained = { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] };
  const client = await db.connect();
  try {
    for (const s of statements.values()) {
      // the plan for these values, as an unnamed statement gets it (in its transaction's settings)
      if (s.settings.length) {
        await client.query('BEGIN');
        for (const setting of s.settings) await client.query(setting);
      }
      try {
        const { rows } = await client.query<Explained>(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values);
        record(s, 'custom', rows[0]!['QUERY PLAN'][0]!);
      } finally {
        if (s.settings.length) await client.query('ROLLBACK');
      }
      if (!s.named) continue;
      // A named statement may keep a generic plan, made without its values, after five runs
      // (docs/decisions/022): that plan is checked too. EXECUTE takes its values as literals.
      await client.query(`PREPARE cw_explained AS ${s.text}`);
      try {
        await client.query('SET plan_cache_mode = force_generic_plan');
        const literals = s.values.map((v) =>
          v === null || v === undefined ? 'NULL' : client.escapeLiteral(textOf(v)),
        );
        const generic = await client.query<Explained>(
          `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE cw_explained(${literals.join(', ')})`,
        );
        record(s, 'generic', generic.rows[0]!['QUERY PLAN'][0]!);
      } finally {
        await client.query('RESET plan_cache_mode');
        await client.query('DEALLOCATE cw_explained');
      }
    }
  } finally {
    client.release();
  }
  return plans;
}
