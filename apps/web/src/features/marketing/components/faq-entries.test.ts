import { describe, expect, it } from 'vitest';
import { faqEntries, searchFaq } from './faq-entries';

describe('FAQ', () => {
  it('has the ten questions with unique anchor ids', () => {
    expect(faqEntries).toHaveLength(10);
    expect(new Set(faqEntries.map((e) => e.id)).size).toBe(10);
    for (const entry of faqEntries) expect(entry.id).toMatch(/^[a-z0-9-]+$/);
  });

  it('states the lead times of the spec', () => {
    const notice = faqEntries.find((e) => e.id === 'order-notice')!;
    expect(notice.answer.join(' ')).toMatch(/24 hours.*48 hours/);
  });

  it('searches questions and answers, ignoring case, all words required', () => {
    expect(searchFaq(faqEntries, '').length).toBe(10);
    expect(searchFaq(faqEntries, 'INVOICE').map((e) => e.id)).toContain('invoices');
    expect(searchFaq(faqEntries, 'bank debit').map((e) => e.id)).toEqual(['payment-methods']);
    expect(searchFaq(faqEntries, 'zebra')).toEqual([]);
    // the Reports page's Export CSV and the order's PO number (issue 17 part 3)
    expect(searchFaq(faqEntries, 'csv po number').map((e) => e.id)).toEqual(['invoices']);
  });
});
