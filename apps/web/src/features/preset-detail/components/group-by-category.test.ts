import { describe, expect, it } from 'vitest';
import { groupByCategory, truncateText } from './group-by-category';

describe('groupByCategory', () => {
  const menus = [
    { name: 'Latte', category: 'Drinks' },
    { name: 'Croissant', category: 'Breakfast' },
    { name: 'Brownie', category: 'Desserts' },
    { name: 'Mystery', category: '' },
    { name: 'Scone', category: 'Breakfast' },
  ];

  it("follows the chef's category order, then first-seen order, and drops empty groups", () => {
    const groups = groupByCategory(menus, (m) => m.category, ['Breakfast', 'Mains', 'Drinks']);
    expect(groups.map(([name, list]) => [name, list.map((m) => m.name)])).toEqual([
      ['Breakfast', ['Croissant', 'Scone']],
      ['Drinks', ['Latte']],
      ['Desserts', ['Brownie']],
      ['Other', ['Mystery']],
    ]);
  });
});

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('Fresh bagels.', 300)).toBe('Fresh bagels.');
  });
  it('cuts at the limit on a word boundary with an ellipsis', () => {
    const text = `${'word '.repeat(80)}end`;
    const cut = truncateText(text, 300);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(301);
    expect(cut).not.toMatch(/\s…$/);
  });
  it('cuts mid-word when there is no space near the limit', () => {
    expect(truncateText('x'.repeat(700), 640)).toBe(`${'x'.repeat(640)}…`);
  });
});
