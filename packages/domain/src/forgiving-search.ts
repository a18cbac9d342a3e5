// Search that forgives (issue 20 §2, decision 065): a query word finds the catalogue's words it
// was meant to be, despite case and accents, a plural, a letter missing, extra, wrong or two
// letters swapped ("suhsi" -> sushi, "indain" -> Indian), and the word being typed (a prefix).
// Pure: the API builds a WordIndex over the catalogue's vocabulary and turns each query word's
// matches into its full-text query; exact matches rank first.

/** Case and accents folded away: "Crème BRÛLÉE" -> "creme brulee". */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text, folded: letters and digits, split on anything else. */
export function searchTokens(text: string): string[] {
  return foldSearchText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * An English plural made singular, enough for a menu's words: berries -> berry, sandwiches ->
 * sandwich, tomatoes -> tomato, salads -> salad; "hummus", "glass", "fish" stay. Words of 3
 * letters or fewer are left alone.
 */
export function singularWord(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('oes') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Edits forgiven in a word of this many letters: none under 4, one from 4, two from 8. */
export function allowedTypos(length: number): 0 | 1 | 2 {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/**
 * The Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbouring letters), or max + 1 as soon as it is known to
 * be above max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0); // row i - 2
  let previous = Array.from({ length: n + 1 }, (_, j) => j); // row i - 1
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[n]!, max + 1);
}

/** How a catalogue word matched a query word, best first. */
export type WordMatchKind = 'exact' | 'plural' | 'prefix' | 'typo';
const KIND_RANK: Record<WordMatchKind, number> = { exact: 0, plural: 1, prefix: 2, typo: 3 };

export interface WordMatch {
  /** the catalogue's word as the vocabulary holds it */
  word: string;
  kind: WordMatchKind;
  /** letters edited (typo), letters still to type (prefix), 0 otherwise */
  distance: number;
}

/** Orders matches best first: exact, plural, prefix, then typos by distance; then the shorter word. */
export function compareWordMatches(a: WordMatch, b: WordMatch): number {
  return matchRank(a) - matchRank(b) || a.distance - b.distance || byWord(a, b);
}

const matchRank = (m: WordMatch) => KIND_RANK[m.kind] * 10 + (m.kind === 'typo' ? m.distance : 0);
const byWord = (a: WordMatch, b: WordMatch) => a.word.length - b.word.length || (a.word < b.word ? -1 : 1);

/** How many letters two words have in common, repeats counted (the better of two equal typos keeps more). */
function sharedLetters(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const ch of a) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let shared = 0;
  for (const ch of b) {
    const n = counts.get(ch) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(ch, n - 1);
    }
  }
  return shared;
}

/**
 * How a catalogue word matches a query word, or null. A prefix counts only while the word is
 * being typed (options.prefix) and from 3 letters.
 */
export function matchWord(query: string, candidate: string, options: { prefix?: boolean } = {}): WordMatch | null {
  const q = foldSearchText(query);
  const c = foldSearchText(candidate);
  if (!q || !c) return null;
  if (q === c) return { word: candidate, kind: 'exact', distance: 0 };
  const sq = singularWord(q);
  const sc = singularWord(c);
  if (sq === sc) return { word: candidate, kind: 'plural', distance: 0 };
  if (options.prefix && q.length >= 3 && c.startsWith(q)) {
    return { word: candidate, kind: 'prefix', distance: c.length - q.length };
  }
  const max = allowedTypos(q.length);
  if (max === 0) return null;
  const distance = Math.min(editDistance(q, c, max), editDistance(sq, sc, max));
  return distance <= max ? { word: candidate, kind: 'typo', distance } : null;
}

/** Every string made by deleting up to depth letters of word (word itself included). */
function deletions(word: string, depth: number): Set<string> {
  const out = new Set([word]);
  let frontier = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      for (let i = 0; i < w.length; i++) {
        const shorter = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return out;
}

export interface WordIndex {
  /** distinct catalogue words indexed */
  readonly size: number;
  /** the catalogue words a query word may mean, best first (compareWordMatches), at most limit */
  matches(queryWord: string, options?: { prefix?: boolean; limit?: number }): WordMatch[];
}

/** How many matches a query word gives at most, unless asked otherwise. */
export const WORD_MATCH_LIMIT = 8;

/**
 * An index of a vocabulary for matches(): exact and plural forms by key, typos through the
 * deletions of each singular form (two words within k edits share a string made by deleting at
 * most k letters of each: a few map lookups instead of a distance to every word), prefixes by
 * binary search of the sorted folded words.
 */
export function createWordIndex(words: Iterable<string>): WordIndex {
  const byFold = new Map<string, string[]>();
  for (const word of words) {
    const folded = foldSearchText(word);
    if (!folded) continue;
    const list = byFold.get(folded);
    if (!list) byFold.set(folded, [word]);
    else if (!list.includes(word)) list.push(word);
  }
  const bySingular = new Map<string, string[]>(); // singular -> folded forms
  const byDeletion = new Map<string, string[]>(); // deletion of a singular -> singular forms
  for (const folded of byFold.keys()) {
    const singular = singularWord(folded);
    const forms = bySingular.get(singular);
    if (forms) {
      forms.push(folded);
      continue;
    }
    bySingular.set(singular, [folded]);
    for (const d of deletions(singular, allowedTypos(singular.length))) {
      const list = byDeletion.get(d);
      if (list) list.push(singular);
      else byDeletion.set(d, [singular]);
    }
  }
  const sorted = [...byFold.keys()].sort();

  function prefixed(q: string): string[] {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(q); i++) out.push(sorted[i]!);
    return out;
  }

  return {
    size: byFold.size,
    matches(queryWord, options = {}) {
      const q = foldSearchText(queryWord);
      if (!q) return [];
      const found = new Map<string, WordMatch>(); // by folded form, the best match
      const offer = (folded: string, kind: WordMatchKind, distance: number) => {
        const had = found.get(folded);
        const match = { word: folded, kind, distance };
        if (!had || compareWordMatches(match, had) < 0) found.set(folded, match);
      };
      const sq = singularWord(q);
      for (const folded of bySingular.get(sq) ?? []) offer(folded, folded === q ? 'exact' : 'plural', 0);
      if (options.prefix && q.length >= 3) {
        for (const folded of prefixed(q)) offer(folded, 'prefix', folded.length - q.length);
      }
      const max = allowedTypos(q.length);
      if (max > 0) {
        const seen = new Set<string>();
        for (const d of deletions(sq, max)) {
          for (const singular of byDeletion.get(d) ?? []) {
            if (seen.has(singular) || singular === sq) continue;
            seen.add(singular);
            for (const folded of bySingular.get(singular)!) {
              const distance = Math.min(editDistance(sq, singular, max), editDistance(q, folded, max));
              if (distance <= max) offer(folded, 'typo', distance);
            }
          }
        }
      }
      // equal typos: the word keeping more of the typed letters first ("piza": pizza before pita)
      const ranked = [...found.values()]
        .sort(
          (a, b) =>
            matchRank(a) - matchRank(b) ||
            a.distance - b.distance ||
            sharedLetters(q, b.word) - sharedLetters(q, a.word) ||
            byWord(a, b),
        )
        .slice(0, options.limit ?? WORD_MATCH_LIMIT);
      // each folded form stands for the vocabulary's spellings of it
      return ranked.flatMap((m) => byFold.get(m.word)!.map((word) => ({ ...m, word })));
    },
  };
}
