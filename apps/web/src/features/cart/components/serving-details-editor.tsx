import { useId } from 'react';
import { useDietaryTypes } from '../api/get-dietary-types';

// Who the servings are for (ordering-payments §3 Serving detail, §5 'Serving name'): rows of a
// user name, a quantity and a dietary type from GET api/v2/system_vars (preset_dietary_type).
// The rules (name required, quantity above 0, no more than the item's quantity) are checked on
// save by servingDetailsProblem in packages/domain.

export interface ServingRow {
  key: string;
  userName: string;
  quantity: string;
  dietaryType: string;
}

let rowKeys = 0;

export function ServingDetailsEditor({
  rows,
  onChange,
}: {
  rows: ServingRow[];
  onChange: (rows: ServingRow[]) => void;
}) {
  const dietary = useDietaryTypes();
  const id = useId();
  const update = (key: string, patch: Partial<ServingRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="serving-details">
      <legend>Serving details</legend>
      {rows.length === 0 ? <p className="muted">Name who each serving is for (optional).</p> : null}
      {rows.map((row, n) => (
        <div key={row.key} className="serving-row" role="group" aria-label={`Serving ${n + 1}`}>
          <div className="field">
            <label htmlFor={`${id}-${row.key}-name`}>User name</label>
            <input
              id={`${id}-${row.key}-name`}
              value={row.userName}
              maxLength={100}
              onChange={(e) => update(row.key, { userName: e.target.value })}
            />
          </div>
          <div className="field serving-qty">
            <label htmlFor={`${id}-${row.key}-qty`}>Quantity</label>
            <input
              id={`${id}-${row.key}-qty`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={row.quantity}
              onChange={(e) => update(row.key, { quantity: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-${row.key}-diet`}>Dietary type</label>
            <select
              id={`${id}-${row.key}-diet`}
              value={row.dietaryType}
              onChange={(e) => update(row.key, { dietaryType: e.target.value })}
            >
              <option value="">None</option>
              {(dietary.data ?? []).map((d) => (
                <option key={d.id} value={d.name}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm serving-remove"
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            aria-label={`Remove serving ${n + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => {
          rowKeys += 1;
          onChange([...rows, { key: `new-${rowKeys}`, userName: '', quantity: '1', dietaryType: '' }]);
        }}
      >
        Add serving
      </button>
    </fieldset>
  );
}
