import { stringify } from 'csv-stringify/sync';
import { statusLabel } from '@caterway/domain';
import type { SpendRow } from './reports.repository.js';

// The spend report as a CSV file for spreadsheets (issue 17 part 3; docs/decisions/035):
// - UTF-8 with a byte-order mark: Excel on Windows reads a file without one in the local code
//   page and garbles accented names ('Café' → 'CafÃ©'); other spreadsheets and CSV readers skip it.
// - RFC 4180: a header row, CRLF line ends, a field quoted when it holds a comma, a quote or a
//   line break, quotes doubled (csv-stringify, a kept library without dependencies).
// - Formula injection neutralised: a cell starting with =, +, -, @ (or a tab or carriage return)
//   gets a leading apostrophe, so a PO number like '=HYPERLINK(...)' stays text in Excel, Sheets
//   and LibreOffice (OWASP 'CSV Injection'). Amounts are never negative, so no number is touched.
// - Money in dollars with 2 decimals and no symbol or thousands separator ('1234.50'), which
//   spreadsheets read as numbers; the Currency column says CAD or USD.
// - One column per tax name that occurs in the exported orders (GST, HST, QST, Sales Tax ...),
//   in alphabetical order; an order without that tax leaves the cell empty.

/** Cents as dollars with 2 decimals, without a symbol: 123450 → '1234.50'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The tax names of the exported orders, one column each, alphabetical. */
export function taxColumns(rows: readonly Pick<SpendRow, 'tax_lines'>[]): string[] {
  const names = new Set(rows.flatMap((r) => r.tax_lines.map((l) => l.name)));
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}

/** The CSV text of the rows, newest delivery first as given; `deliveryText` is the report's own. */
export function spendCsv(rows: readonly SpendRow[], deliveryText: (row: SpendRow) => string): string {
  const taxes = taxColumns(rows);
  const header = [
    'Order Number',
    'Delivery Date',
    'Vendor',
    'PO Number',
    'Cost Centre',
    'Subtotal',
    'Delivery Fee',
    'Cutlery',
    ...taxes,
    'Tip',
    'Total',
    'Currency',
    'Status',
  ];
  const records = rows.map((r) => {
    const taxCents = (name: string) => {
      const lines = r.tax_lines.filter((l) => l.name === name);
      return lines.length ? dollars(lines.reduce((sum, l) => sum + l.cents, 0)) : '';
    };
    return [
      r.order_number,
      deliveryText(r),
      r.chef_name,
      r.po_number,
      r.cost_centre,
      dollars(r.subtotal_cents),
      dollars(r.delivery_fee_cents),
      dollars(r.cutlery_cents),
      ...taxes.map(taxCents),
      dollars(r.tip_cents),
      dollars(r.total_cents),
      r.currency.toUpperCase(),
      statusLabel(r.status),
    ];
  });
  return stringify([header, ...records], {
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone CR or LF,
    // which a spreadsheet would still read as the end of the row
    quoted_match: /[\r\n]/,
    escape_formulas: true,
  });
}
