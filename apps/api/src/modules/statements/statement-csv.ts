import { stringify } from 'csv-stringify/sync';
import type { PartnerStatement } from '@caterway/contracts';
import { formatRateBps } from '@caterway/domain';
import { dollars } from '../reports/spend-csv.js';

// A statement as a CSV file (docs/decisions/057), written like the spend report's (decision 035):
// UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting, dollars with 2 decimals and no symbol, and
// formula injection neutralised (a cell starting with =, +, -, @, a tab or a carriage return gets
// a leading apostrophe: a customer's company named '=HYPERLINK(...)' stays text). One row per
// order, then a Total row.

export function statementCsv(s: PartnerStatement): string {
  const header = [
    'Order Number',
    'Delivery Date',
    'Customer',
    'Food Sales',
    'Delivery Fee',
    'Taxes',
    'Tip',
    'Commission Rate',
    'Commission',
    'Net Owed',
    'Currency',
  ];
  const currency = s.currency.toUpperCase();
  const rows = s.lines.map((l) => [
    l.order_number,
    l.delivery_date,
    l.customer,
    dollars(l.food_cents),
    dollars(l.delivery_fee_cents),
    dollars(l.tax_cents),
    dollars(l.tip_cents),
    formatRateBps(l.commission_rate_bps),
    dollars(l.commission_cents),
    dollars(l.net_cents),
    currency,
  ]);
  const t = s.totals;
  const total = [
    `Total (${t.orders} ${t.orders === 1 ? 'order' : 'orders'})`,
    `${s.period.start} to ${s.period.end}`,
    '',
    dollars(t.food_cents),
    dollars(t.delivery_fee_cents),
    dollars(t.tax_cents),
    dollars(t.tip_cents),
    '',
    dollars(t.commission_cents),
    dollars(t.net_cents),
    currency,
  ];
  return stringify([header, ...rows, total], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    escape_formulas: true,
  });
}

/** The file's name: caterway-statement-{chefId}-{month|week}-{start}.{csv|pdf} (only safe characters). */
export function statementFileName(chefId: number, s: Pick<PartnerStatement, 'period'>, extension: 'csv' | 'pdf') {
  return `caterway-statement-${chefId}-${s.period.period}-${s.period.start}.${extension}`;
}
