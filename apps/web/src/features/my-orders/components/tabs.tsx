import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys and Home/End move between tabs, the panel is
 * labelled by its tab. Used for UPCOMING/PAST and for Original Order/Addon Orders.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
  className,
}: {
  label: string;
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  className?: string;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = items.findIndex((i) => i.key === selected);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = items[(moves[event.key]! + items.length) % items.length]!;
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="tabs">
        {items.map((item) => (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.key}`}
            aria-selected={item.key === selected}
            aria-controls={`${base}-panel`}
            tabIndex={item.key === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(item.key)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
