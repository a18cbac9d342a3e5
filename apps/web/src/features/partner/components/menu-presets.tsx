import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '@caterway/domain';
import { Button, ErrorList, Loading, Modal, TextField } from '@caterway/ui';
import { notifySuccess } from '../../../stores/notifications';
import { useMenuEditor, usePresets, type EditorMenu, type EditorPreset } from '../api/menu';
import type { PartnerRole } from '../api/types';
import { errorMessages } from './portal-common';

// The menu page's Presets tab (decision 052): the restaurant's catering presets, composed from
// its dishes with quantities. Their price per person, dietary tags and serving details are
// derived by the API as the catalogue's generator derives them. A preset shared with other
// restaurants is changed by operations only.

export function PresetsPanel({
  chefId,
  menu,
  canEdit,
  role,
}: {
  chefId: number;
  menu: EditorMenu;
  canEdit: boolean;
  role: PartnerRole;
}) {
  const presets = usePresets(chefId);
  const [editing, setEditing] = useState<EditorPreset | 'new' | null>(null);

  if (presets.isPending) return <Loading label="Loading the presets…" />;
  if (presets.isError)
    return (
      <div className="partner-panel" role="alert">
        <p>{errorMessages(presets.error).join(' ')}</p>
        <Button variant="secondary" onClick={() => void presets.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <>
      {canEdit ? (
        <div className="partner-menu-toolbar">
          <Button onClick={() => setEditing('new')}>New preset</Button>
        </div>
      ) : null}
      {presets.data.length === 0 ? (
        <p className="partner-panel partner-empty">
          No catering presets yet.{canEdit ? ' Compose one from your dishes with New preset.' : ''}
        </p>
      ) : (
        <ul className="partner-menu-dishes">
          {presets.data.map((p) => {
            const locked = p.shared && role !== 'operations';
            return (
              <li key={p.id} className="partner-menu-dish">
                <div className="partner-menu-dish-main">
                  <span className="partner-menu-dish-name">{p.name}</span>
                  <span className="partner-menu-dish-meta">
                    {p.numberOfGuests} guests · {formatCents(p.pricePerPersonCents)} a person · {p.lines.length} dishes
                  </span>
                  <span className="partner-menu-tags">
                    {p.isActive ? null : <span className="partner-menu-tag partner-menu-86">Inactive</span>}
                    {p.shared ? <span className="partner-menu-tag">Shared with other restaurants</span> : null}
                    {p.dietaryTypes.slice(0, 4).map((t) => (
                      <span key={t} className="partner-menu-tag">
                        {t}
                      </span>
                    ))}
                  </span>
                </div>
                {canEdit && !locked ? (
                  <Button className="btn-sm" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                    Edit
                  </Button>
                ) : canEdit ? (
                  <span className="partner-muted">Operations change shared presets</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <PresetDialog
          chefId={chefId}
          menu={menu}
          preset={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function PresetDialog({
  chefId,
  menu,
  preset,
  onClose,
}: {
  chefId: number;
  menu: EditorMenu;
  preset: EditorPreset | null;
  onClose: () => void;
}) {
  const editor = useMenuEditor(chefId);
  const formId = useId();
  const [name, setName] = useState(preset?.name ?? '');
  const [description, setDescription] = useState(preset?.description ?? '');
  const [guests, setGuests] = useState(String(preset?.numberOfGuests ?? 10));
  const [active, setActive] = useState(preset?.isActive ?? true);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries((preset?.lines ?? []).map((l) => [l.menuId, String(l.quantity)])),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const mappings = new Map((preset?.lines ?? []).map((l) => [l.menuId, l.menuItemsMapping]));
  const dishes = menu.categories.flatMap((c) => c.dishes);
  const chosen = dishes.filter((d) => Number(quantities[d.id] ?? 0) > 0);
  const total = chosen.reduce((sum, d) => sum + d.priceCents * Number(quantities[d.id]), 0);
  const guestCount = Number(guests);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: string[] = [];
    if (!name.trim() || name.trim().length > 80) found.push('Enter a name of 1 to 80 characters.');
    if (!Number.isInteger(guestCount) || guestCount < 1 || guestCount > 1000)
      found.push('The number of guests must be a whole number from 1 to 1,000.');
    for (const d of dishes) {
      const q = quantities[d.id]?.trim() ?? '';
      if (q !== '' && (!/^\d+$/.test(q) || Number(q) > 1000))
        found.push(`${d.name}: enter a whole quantity up to 1,000.`);
    }
    if (!chosen.length) found.push('Add at least one dish to the preset.');
    setProblems(found);
    if (found.length) return;
    const body = {
      name: name.trim(),
      description: description.trim(),
      number_of_guests: guestCount,
      is_active: active,
      lines: chosen.map((d) => ({
        menu_id: d.id,
        quantity: Number(quantities[d.id]),
        // the options the preset had stay; options of a new line are chosen by the customer
        menu_items_mapping: Object.fromEntries(
          Object.entries(mappings.get(d.id) ?? {}).filter(([id]) => d.options.some((o) => String(o.id) === id)),
        ),
      })),
    };
    editor.savePreset.mutate(
      { presetId: preset?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(`${saved.name} saved: ${formatCents(saved.pricePerPersonCents)} a person.`);
          onClose();
        },
        onError: (error) => setProblems(errorMessages(error)),
      },
    );
  };

  return (
    <Modal title={preset ? `Edit ${preset.name}` : 'New preset'} onClose={onClose} size="wide">
      <form id={formId} className="form partner-menu-form" onSubmit={onSubmit} noValidate>
        <ErrorList messages={problems} />
        <TextField label="Name" value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} />
        <div className="field">
          <label htmlFor={`${formId}-description`}>
            Description <span className="field-optional">(optional)</span>
          </label>
          <textarea
            id={`${formId}-description`}
            rows={2}
            maxLength={1000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="partner-menu-grid">
          <TextField label="Guests" inputMode="numeric" value={guests} onChange={(e) => setGuests(e.target.value)} />
          <label className="partner-menu-check">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Shown on the
            storefront
          </label>
        </div>
        <fieldset className="partner-menu-lines">
          <legend>Dishes and quantities</legend>
          {menu.categories.map((c) =>
            c.dishes.length ? (
              <div key={c.name} className="partner-menu-line-group">
                <p className="partner-muted">{c.name}</p>
                {c.dishes.map((d) => (
                  <label key={d.id} className="partner-menu-line">
                    <span>
                      {d.name} <span className="partner-muted">{formatCents(d.priceCents)}</span>
                    </span>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={1000}
                      aria-label={`Quantity of ${d.name}`}
                      value={quantities[d.id] ?? ''}
                      placeholder="0"
                      onChange={(e) => setQuantities((q) => ({ ...q, [d.id]: e.target.value }))}
                    />
                  </label>
                ))}
              </div>
            ) : null,
          )}
        </fieldset>
        <p className="partner-menu-total" role="status">
          {chosen.length} {chosen.length === 1 ? 'dish' : 'dishes'} · {formatCents(total)}
          {guestCount > 0 && Number.isInteger(guestCount)
            ? ` · ${formatCents(Math.round(total / guestCount))} a person`
            : ''}
        </p>
        <div className="partner-menu-form-actions">
          <Button type="submit" busy={editor.savePreset.isPending}>
            {preset ? 'Save preset' : 'Create preset'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
