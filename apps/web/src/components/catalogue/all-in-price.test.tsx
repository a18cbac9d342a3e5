import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AllInPrice } from './restaurant-card';

// A card's all-in price (issue 20; decision 071) is the server's figure, shown as given.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('AllInPrice', () => {
  it('shows the per-person all-in price and the people it is for', () => {
    const html = renderToStaticMarkup(<AllInPrice card={{ allInPerPersonCents: 1840, allInHeads: 40 }} />);
    expect(text(html)).toBe('$18.40 /person all-in · for 40 people');
    expect(html).toContain('title="Food, delivery, cutlery and tax to your address, divided by the people"');
  });

  it('shows nothing without a figure (no address, no fee or no tax rate)', () => {
    expect(renderToStaticMarkup(<AllInPrice card={{ allInPerPersonCents: null, allInHeads: 12 }} />)).toBe('');
  });
});
