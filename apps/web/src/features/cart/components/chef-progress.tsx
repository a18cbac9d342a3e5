import { formatCents } from '@caterway/domain';

export interface ChefProgressRow {
  chefId: number;
  name: string;
  minimumCents: number;
  subtotalCents: number;
  fraction: number;
  remainingCents: number;
  met: boolean;
}

/** The per-chef minimum progress bars (ordering-payments §2; cartProgress in packages/domain). */
export function ChefProgress({ rows }: { rows: ChefProgressRow[] }) {
  const shown = rows.filter((r) => r.minimumCents > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="chef-progress">
      {shown.map((row) => {
        const label = `Minimum order for ${row.name}`;
        return (
          <li key={row.chefId}>
            <div className="chef-progress-text">
              <span>{row.name}</span>
              <span className={row.met ? 'chef-progress-met' : 'muted'}>
                {row.met ? 'Minimum met' : `${formatCents(row.remainingCents)} to go`}
              </span>
            </div>
            <div
              className="chef-progress-bar"
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={row.minimumCents}
              aria-valuenow={Math.min(row.subtotalCents, row.minimumCents)}
              aria-valuetext={`${formatCents(row.subtotalCents)} of ${formatCents(row.minimumCents)}`}
            >
              <span style={{ width: `${Math.round(row.fraction * 100)}%` }} className={row.met ? 'met' : undefined} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
