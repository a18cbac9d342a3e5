import { useId } from 'react';
import { DIETARY_NEEDS, type DietaryNeed } from '@caterway/domain';

/** How each need reads on its button. */
const LABELS: Record<DietaryNeed, string> = {
  Vegetarian: 'Vegetarian',
  Vegan: 'Vegan',
  'Gluten Free': 'Gluten-free',
  'Dairy Free': 'Dairy-free',
  'Nut Free': 'Nut-free',
  Halal: 'Halal',
  Kosher: 'Kosher',
};

/**
 * The dietary needs filter of both browse pages (issue 20 §2, decision 067): toggle buttons,
 * one a need; the listing keeps what has dishes tagged for every need pressed.
 */
export function DietaryFilter({
  selected,
  onChange,
}: {
  selected: readonly DietaryNeed[];
  onChange: (next: DietaryNeed[]) => void;
}) {
  const labelId = useId();
  return (
    <div className="dietary-filter" role="group" aria-labelledby={labelId} data-testid="dietary-filter">
      <span id={labelId} className="dietary-label">
        Dietary needs
      </span>
      {DIETARY_NEEDS.map((need) => {
        const on = selected.includes(need);
        return (
          <button
            key={need}
            type="button"
            className="dietary-chip"
            aria-pressed={on}
            onClick={() => onChange(on ? selected.filter((n) => n !== need) : [...selected, need])}
          >
            {LABELS[need]}
          </button>
        );
      })}
    </div>
  );
}
