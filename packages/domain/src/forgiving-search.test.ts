import { describe, expect, it } from 'vitest';
import {
  allowedTypos,
  createWordIndex,
  editDistance,
  foldSearchText,
  matchWord,
  searchTokens,
  singularWord,
} from './forgiving-search';

const vocabulary = [
  'sushi',
  'Indian',
  'indie',
  'salad',
  'salads',
  'sandwich',
  'sandwiches',
  'sandwichery',
  'crème',
  'brûlée',
  'burrito',
  'burritos',
  'mediterranean',
  'pizza',
  'hummus',
  'berries',
  'tomato',
  'tea',
  'pita',
];
const index = createWordIndex(vocabulary);
const words = (q: string, options?: { prefix?: boolean }) => index.matches(q, options).map((m) => m.word);

describe('foldSearchText and searchTokens', () => {
  it('folds case and accents', () => {
    expect(foldSearchText('Crème BRÛLÉE')).toBe('creme brulee');
  });
  it('splits on anything but letters and digits', () => {
    expect(searchTokens("  Joe's Pho-Bar, 24/7!")).toEqual(['joe', 's', 'pho', 'bar', '24', '7']);
  });
});

describe('singularWord', () => {
  it('makes the plurals of a menu singular', () => {
    expect(singularWord('salads')).toBe('salad');
    expect(singularWord('sandwiches')).toBe('sandwich');
    expect(singularWord('berries')).toBe('berry');
    expect(singularWord('tomatoes')).toBe('tomato');
    expect(singularWord('boxes')).toBe('box');
  });
  it('leaves words that only end in s alone', () => {
    expect(singularWord('hummus')).toBe('hummus');
    expect(singularWord('glass')).toBe('glass');
    expect(singularWord('bus')).toBe('bus');
    expect(singularWord('sushi')).toBe('sushi');
  });
});

describe('editDistance', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('suhsi', 'sushi', 2)).toBe(1);
    expect(editDistance('indain', 'indian', 2)).toBe(1);
  });
  it('counts missing, extra and wrong letters', () => {
    expect(editDistance('burito', 'burrito', 2)).toBe(1);
    expect(editDistance('pizzza', 'pizza', 2)).toBe(1);
    expect(editDistance('salat', 'salad', 2)).toBe(1);
    expect(editDistance('mediteranian', 'mediterranean', 3)).toBe(2);
  });
  it('stops at max + 1', () => {
    expect(editDistance('sushi', 'burrito', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('allowedTypos', () => {
  it('forgives none under 4 letters, one from 4, two from 8', () => {
    expect([3, 4, 7, 8, 12].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('matchWord', () => {
  it('says how a word matched', () => {
    expect(matchWord('Sushi', 'sushi')).toEqual({ word: 'sushi', kind: 'exact', distance: 0 });
    expect(matchWord('salads', 'salad')).toEqual({ word: 'salad', kind: 'plural', distance: 0 });
    expect(matchWord('suhsi', 'sushi')).toEqual({ word: 'sushi', kind: 'typo', distance: 1 });
    expect(matchWord('sandw', 'sandwich', { prefix: true })).toEqual({ word: 'sandwich', kind: 'prefix', distance: 3 });
  });
  it('does not forgive short words or prefixes when the word is finished', () => {
    expect(matchWord('tae', 'tea')).toBeNull();
    expect(matchWord('sandw', 'sandwich')).toBeNull();
    expect(matchWord('sushi', 'burrito')).toBeNull();
  });
});

describe('createWordIndex', () => {
  it('finds sushi for suhsi and Indian for indain (swapped letters)', () => {
    expect(words('suhsi')).toEqual(['sushi']);
    expect(words('indain')).toEqual(['Indian']);
    expect(words('INDAIN')).toEqual(['Indian']);
  });
  it('finds a word with a missing or an extra letter', () => {
    expect(words('burito')).toEqual(['burrito', 'burritos']);
    expect(words('pizzza')).toEqual(['pizza']);
    // pita is one letter away too: the word keeping every typed letter comes first
    expect(words('piza')).toEqual(['pizza', 'pita']);
    expect(words('sandwitch')).toEqual(['sandwich', 'sandwiches']);
  });
  it('allows two edits in words of 8 letters or more', () => {
    expect(words('mediteranian')).toEqual(['mediterranean']);
  });
  it('finds both forms of a plural, the one typed first', () => {
    expect(index.matches('salads').map((m) => [m.word, m.kind])).toEqual([
      ['salads', 'exact'],
      ['salad', 'plural'],
    ]);
    expect(words('sandwich')).toEqual(['sandwich', 'sandwiches']);
    expect(words('sandwiches')).toEqual(['sandwiches', 'sandwich']);
    expect(words('berry')).toEqual(['berries']);
  });
  it('folds accents both ways and answers the vocabulary spelling', () => {
    expect(words('creme')).toEqual(['crème']);
    expect(words('brulee')).toEqual(['brûlée']);
  });
  it('ranks exact matches first, then plurals, prefixes and typos', () => {
    const matches = index.matches('sandwich', { prefix: true });
    expect(matches.map((m) => [m.word, m.kind])).toEqual([
      ['sandwich', 'exact'],
      ['sandwiches', 'plural'],
      ['sandwichery', 'prefix'],
    ]);
  });
  it('completes the word being typed from 3 letters', () => {
    expect(words('sand', { prefix: true })).toEqual(['sandwich', 'sandwiches', 'sandwichery']);
    expect(words('sa', { prefix: true })).toEqual([]);
    expect(words('sand')).toEqual([]);
  });
  it('forgives nothing in words under 4 letters', () => {
    expect(words('tae')).toEqual([]);
    expect(words('tea')).toEqual(['tea']);
  });
  it('finds nothing for a word unlike any', () => {
    expect(words('xyzzy')).toEqual([]);
  });
  it('keeps to the limit', () => {
    expect(index.matches('sand', { prefix: true, limit: 1 }).map((m) => m.word)).toEqual(['sandwich']);
  });
});
