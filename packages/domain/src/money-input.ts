// Money as a person types it into a form (a tip, a budget): its own module, so the pages that only
// show prices (the restaurant and preset pages, on a tight budget: docs/decisions/014) do not
// carry it.

/** Dollars as a person types them ('25', '25.5', '$1,025.00') to integer cents; NaN when it is not an amount. */
export function typedDollarsToCents(typed: string): number {
  const cleaned = typed.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
