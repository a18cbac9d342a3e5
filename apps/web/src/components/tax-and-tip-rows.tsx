import { formatCents, formatTaxLineLabel, type TaxLine } from '@caterway/domain';

/**
 * The rows a total shows after the amounts taxed, inside its <dl>: each tax of the place of
 * supply on its own rounded line ("GST 5.000%", "QST 9.975%": docs/decisions/033), then the
 * tip, which is added after tax and untaxed, only when there is one. The figures are the ones
 * computeTotals or the server's totals give; nothing is computed here. Shared by the cart, the
 * checkout and My Orders, which do not import each other.
 */
export function TaxAndTipRows({ taxLines, tipCents }: { taxLines: readonly TaxLine[]; tipCents: number }) {
  return (
    <>
      {taxLines.map((line) => (
        <div key={line.name + line.jurisdiction}>
          <dt>{formatTaxLineLabel(line)}</dt>
          <dd>{formatCents(line.cents)}</dd>
        </div>
      ))}
      {tipCents > 0 ? (
        <div>
          <dt>Tip</dt>
          <dd>{formatCents(tipCents)}</dd>
        </div>
      ) : null}
    </>
  );
}
