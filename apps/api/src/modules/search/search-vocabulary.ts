import { createWordIndex, searchTokens, WORD_MATCH_LIMIT, type WordIndex, type WordMatch } from '@caterway/domain';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { VocabularyWord } from './search.types.js';

export type { VocabularyWord } from './search.types.js';

// The catalogue's words in memory for the forgiving search (issue 20 §2, decision 065): the
// distinct words of names, cuisines, groups and dishes (search_terms, filled by
// refresh_preset_search) in @caterway/domain's WordIndex. Each query word becomes the catalogue
// words it may mean (exact, plural, a typo of one or two letters, the word being typed), and the
// query the to_tsquery('english') text every search filters with: one OR group per word, the
// groups ANDed. It replaced pg_trgm's nearest words, which missed swapped letters ("suhsi",
// "indain": a trigram similarity of 0.2 against the 0.3 needed). A catalogue change reloads it
// (catalogue-sync.ts), so a new dish's word is found at once; at most 60 s old otherwise.

export interface Vocabulary {
  size: number;
  index: WordIndex;
  stop: ReadonlySet<string>;
}

export interface QueryExpansion {
  /** to_tsquery('english') text, null when no word of the query is known or like a known one */
  tsquery: string | null;
  /** the query with each misspelt word replaced by the word it most likely meant; null when none was */
  didYouMean: string | null;
  /** per query word kept: the word as typed (folded) first, then the catalogue words it may mean */
  groups: string[][];
}

/** Query words read at most (the rest are left out). */
export const MAX_QUERY_WORDS = 8;
/** Catalogue words an OR group holds at most. */
const GROUP_LIMIT = WORD_MATCH_LIMIT;
export const VOCABULARY_TTL_MS = 60_000;

export function buildVocabulary(rows: readonly VocabularyWord[]): Vocabulary {
  return {
    size: rows.length,
    index: createWordIndex(rows.map((r) => r.word)),
    stop: new Set(rows.filter((r) => r.stop).map((r) => r.word)),
  };
}

/**
 * The query's full-text filter and its correction. Words of 3 letters or more are read (the
 * catalogue's words are); the last one may be unfinished (options.typing): it also finds the
 * words it begins, unless it is a word itself. A word matching nothing is left out, so the
 * others still find something.
 */
export function expandQuery(vocabulary: Vocabulary, q: string, options: { typing?: boolean } = {}): QueryExpansion {
  const words = [...new Set(searchTokens(q).filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w)))].slice(
    0,
    MAX_QUERY_WORDS,
  );
  const groups: string[][] = [];
  const corrected = new Map<string, string>();
  words.forEach((word, i) => {
    if (vocabulary.stop.has(word)) return;
    let matches: WordMatch[] = vocabulary.index.matches(word, { limit: GROUP_LIMIT });
    const known = matches.some((m) => m.kind === 'exact' || m.kind === 'plural');
    if (options.typing && i === words.length - 1 && !known) {
      matches = vocabulary.index.matches(word, { prefix: true, limit: GROUP_LIMIT });
    }
    if (!matches.length) return;
    const best = matches[0]!;
    if (best.kind === 'typo') corrected.set(word, best.word.toLowerCase());
    // the vocabulary's words are letters only (search_terms), so safe in to_tsquery's syntax
    groups.push([...new Set([word, ...matches.map((m) => m.word.toLowerCase())])]);
  });
  const didYouMean = corrected.size
    ? searchTokens(q)
        .map((w) => corrected.get(w) ?? w)
        .join(' ')
    : null;
  return {
    tsquery: groups.length ? groups.map((g) => `(${g.join(' | ')})`).join(' & ') : null,
    didYouMean,
    groups,
  };
}

export interface SearchVocabularyDeps {
  load: () => Promise<VocabularyWord[]>;
  ttlMs?: number;
  now?: () => number;
}

export function createSearchVocabulary(deps: SearchVocabularyDeps) {
  const cache = createTtlCache<'vocabulary', Vocabulary>({
    ttlMs: deps.ttlMs ?? VOCABULARY_TTL_MS,
    maxEntries: 1,
    // an empty catalogue (being seeded) is read again by the next search
    keep: (v) => v.size > 0,
    now: deps.now,
  });
  const load = async () => buildVocabulary(await deps.load());
  return {
    current: () => cache.get('vocabulary', load),
    async expand(q: string, options: { typing?: boolean } = {}): Promise<QueryExpansion> {
      return expandQuery(await cache.get('vocabulary', load), q, options);
    },
    /** A catalogue change: reloads now, the vocabulary held serving until the new one is in. */
    refresh: () => cache.refresh('vocabulary', load),
  };
}
export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
